import { badRequest } from './errors.ts';
import { fetchUserUrl, type OutboundOptions } from './outbound-http.ts';

export interface WebArticle {
  url: string;
  title: string;
  /** The readable text, paragraph by paragraph (headings kept as their own paragraphs). */
  paragraphs: { heading: string | null; text: string }[];
}

/**
 * Reads a page as a person does: the article (Readability on a DOM), its title, without menus and footers.
 * The DOM and Readability load on the first page read: a server that never reads one does not hold them.
 */
export async function readableArticle(html: string, url: string): Promise<WebArticle> {
  const [{ Readability }, { parseHTML }] = await Promise.all([import('@mozilla/readability'), import('linkedom')]);
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const { document: content } = parseHTML(`<html><body>${article?.content ?? document.body?.innerHTML ?? ''}</body></html>`);
  const paragraphs: WebArticle['paragraphs'] = [];
  let heading: string | null = null;
  for (const node of content.querySelectorAll('h1,h2,h3,h4,p,li,pre,blockquote,td')) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (/^H\d$/.test(node.tagName)) heading = text;
    paragraphs.push({ heading, text });
  }
  if (!paragraphs.some((p) => /\p{L}{2,}/u.test(p.text))) throw badRequest('This page has no readable text.');
  return { url, title: (article?.title || pageTitle || new URL(url).hostname).trim(), paragraphs };
}

/** Fetches a user's link through the SSRF-safe client and extracts its article. */
export async function readWebPage(url: string, opts: Omit<OutboundOptions, 'accept'>): Promise<WebArticle> {
  const res = await fetchUserUrl(url, { ...opts, accept: ['text/html', 'application/xhtml+xml'] });
  return readableArticle(res.body.toString('utf8'), res.url);
}
