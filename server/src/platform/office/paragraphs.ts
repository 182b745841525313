import { attr, childrenOf, element, setAttr, setText, tagOf, textOf, type XmlNode } from './xml.ts';

/**
 * Paragraphs of an OOXML part as translation segments. A segment is an HTML fragment: the text of
 * each formatting run sits in `<span data-r="N">…</span>`, so engines that keep inline tags (Apertium's
 * html mode, Google's text/html, an LLM told to) move formatting with the words; the translated
 * fragment is parsed back by run number and its text put into the same runs, run properties kept.
 */
export type Dialect = 'word' | 'drawing';

interface Piece {
  /** The text elements (w:t / a:t) of this piece, the first of which receives the translation. */
  texts: XmlNode[];
  /** The run holding the first text element, where the target language is set. */
  runs: XmlNode[];
}

export interface Paragraph {
  pieces: Piece[];
  /** Source text as sent to the engine. */
  segment: string;
  /** Word only: the paragraph's style id (w:pStyle) and its own outline level (w:outlineLvl, 0-based), when set. */
  style: string | null;
  outlineLevel: number | null;
}

const NAMES = {
  word: { p: 'w:p', r: 'w:r', t: 'w:t', rPr: 'w:rPr' },
  drawing: { p: 'a:p', r: 'a:r', t: 'a:t', rPr: 'a:rPr' },
} as const;

/** Run content that is not text and keeps its place: text on either side must not merge across it. */
const BREAKS = new Set([
  'w:tab',
  'w:br',
  'w:cr',
  'w:drawing',
  'w:pict',
  'w:object',
  'w:sym',
  'w:fldChar',
  'w:footnoteReference',
  'w:endnoteReference',
  'w:commentReference',
  'mc:AlternateContent',
  'a:br',
  'a:fld',
  'w:ptab',
  'w:noBreakHyphen',
]);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** Every paragraph with text in the tree, nested ones (text boxes, table cells) as their own paragraphs. */
export function collectParagraphs(roots: XmlNode[], dialect: Dialect): Paragraph[] {
  const names = NAMES[dialect];
  const out: Paragraph[] = [];
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (!tag) continue;
      if (tag === names.p) {
        const paragraph = readParagraph(node, dialect, visit);
        if (paragraph) out.push(paragraph);
      } else visit(childrenOf(node));
    }
  };
  visit(roots);
  return out;
}

function readParagraph(p: XmlNode, dialect: Dialect, visitNested: (nodes: XmlNode[]) => void): Paragraph | null {
  const names = NAMES[dialect];
  const pieces: Piece[] = [];
  let open: { piece: Piece; rPr: string } | null = null;
  const walk = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (!tag) continue;
      if (tag === names.r) {
        const children = childrenOf(node);
        const props = children.find((c) => tagOf(c) === names.rPr);
        if (dialect === 'word' && props && isHidden(props)) {
          // Hidden text (w:vanish) is not shown or printed: it is neither translated nor charged.
          open = null;
          continue;
        }
        const rPr = JSON.stringify(props ?? null);
        for (const child of children) {
          const ctag = tagOf(child);
          if (ctag === names.t) {
            // Runs split only by editing history (same properties, nothing between) are one piece.
            if (open && open.rPr === rPr) {
              open.piece.texts.push(child);
            } else {
              open = { piece: { texts: [child], runs: [node] }, rPr };
              pieces.push(open.piece);
            }
          } else if (ctag && ctag !== names.rPr) {
            if (BREAKS.has(ctag)) open = null;
            // A text box inside a run holds paragraphs of its own.
            visitNested(childrenOf(child));
          }
        }
      } else if (tag === names.p) {
        visitNested([node]);
      } else if (tag === 'w:pPr' || tag === 'a:pPr' || tag === 'a:endParaRPr' || tag === 'w:del' || tag === 'w:moveFrom') {
        // Properties and deleted text are not translated.
      } else if (
        tag === 'w:fldSimple' ||
        tag === 'w:hyperlink' ||
        tag === 'w:ins' ||
        tag === 'w:smartTag' ||
        tag === 'w:sdt' ||
        tag === 'w:sdtContent' ||
        tag === 'w:moveTo' ||
        tag === 'w:customXml' ||
        tag === 'a:hlinkClick'
      ) {
        walk(childrenOf(node));
      } else {
        open = null;
        walk(childrenOf(node));
      }
    }
  };
  walk(childrenOf(p));
  const texts = pieces.map((piece) => piece.texts.map(textOf).join(''));
  if (!texts.some((t) => /\p{L}/u.test(t))) return null;
  const segment = pieces.length === 1 ? escapeHtml(texts[0]!) : texts.map((t, i) => `<span data-r="${i}">${escapeHtml(t)}</span>`).join('');
  return { pieces, segment, ...(dialect === 'word' ? wordParagraphStyle(p) : { style: null, outlineLevel: null }) };
}

/** A Word paragraph's style id and direct outline level (what makes it a heading: see package.ts headingLevel). */
function wordParagraphStyle(p: XmlNode): { style: string | null; outlineLevel: number | null } {
  const pPr = childrenOf(p).find((c) => tagOf(c) === 'w:pPr');
  const props = pPr ? childrenOf(pPr) : [];
  const style = props.find((c) => tagOf(c) === 'w:pStyle');
  const outline = props.find((c) => tagOf(c) === 'w:outlineLvl');
  const level = outline ? Number(attr(outline, 'w:val')) : Number.NaN;
  return { style: (style && attr(style, 'w:val')) || null, outlineLevel: Number.isInteger(level) ? level : null };
}

/** A Word run marked hidden: w:vanish, unless its w:val turns it off. */
function isHidden(rPr: XmlNode): boolean {
  return childrenOf(rPr).some((c) => tagOf(c) === 'w:vanish' && !['0', 'false', 'off'].includes(attr(c, 'w:val') ?? 'true'));
}

/**
 * Splits a translated fragment back into run texts. Text the engine left outside every span joins
 * the run before it (or the first run); a run the engine dropped becomes empty.
 */
export function splitTranslation(fragment: string, runCount: number): string[] {
  if (runCount === 1) return [unescapeHtml(fragment)];
  const out = new Array<string>(runCount).fill('');
  const re = /<span\b[^>]*?data-r="?(\d+)"?[^>]*>([\s\S]*?)<\/span>/gi;
  let last = 0;
  let current = 0;
  for (const m of fragment.matchAll(re)) {
    const before = fragment.slice(last, m.index);
    if (before) out[current] += unescapeHtml(before);
    const n = Number(m[1]);
    current = n < runCount ? n : current;
    out[current] += unescapeHtml(m[2]!);
    last = m.index + m[0].length;
  }
  const rest = fragment.slice(last);
  if (rest) out[current] += unescapeHtml(rest);
  return out;
}

/** Writes a paragraph's translation into its runs and marks them with the target language. */
export function applyTranslation(paragraph: Paragraph, translated: string, dialect: Dialect, language: string): void {
  const parts = splitTranslation(translated, paragraph.pieces.length);
  paragraph.pieces.forEach((piece, i) => {
    piece.texts.forEach((t, k) => {
      const text = k === 0 ? (parts[i] ?? '') : '';
      setText(t, text);
      if (dialect === 'word') setAttr(t, 'xml:space', 'preserve');
    });
    for (const run of piece.runs) setRunLanguage(run, dialect, language);
  });
}

const WORD_RPR_AFTER_LANG = new Set(['w:eastAsianLayout', 'w:specVanish', 'w:oMath']);

/** w:lang (w:eastAsia for Japanese) or a:rPr@lang, keeping the schema's element order. */
export function setRunLanguage(run: XmlNode, dialect: Dialect, language: string): void {
  const names = NAMES[dialect];
  const tag = tagOf(run)!;
  const children = childrenOf(run);
  let rPr = children.find((c) => tagOf(c) === names.rPr);
  if (!rPr) {
    rPr = element(names.rPr);
    children.unshift(rPr);
    run[tag] = children;
  }
  if (dialect === 'drawing') {
    setAttr(rPr, 'lang', language);
    return;
  }
  const props = childrenOf(rPr);
  let lang = props.find((c) => tagOf(c) === 'w:lang');
  if (!lang) {
    lang = element('w:lang');
    const at = props.findIndex((c) => WORD_RPR_AFTER_LANG.has(tagOf(c) ?? ''));
    if (at < 0) props.push(lang);
    else props.splice(at, 0, lang);
    rPr[names.rPr] = props;
  }
  setAttr(lang, language.startsWith('ja') ? 'w:eastAsia' : 'w:val', language);
}

export const paragraphText = (p: Paragraph) => p.pieces.map((piece) => piece.texts.map(textOf).join('')).join('');
export { attr };
