import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton';
import './markdown.css';

// This module (react-markdown, remark-gfm, highlight.js) is loaded lazily, with the first answer.

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

function textOf(node: ElementContent | Element | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(pre: Element | undefined): string | null {
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? null;
}

const components: Components = {
  pre({ node, children }) {
    const language = languageOf(node);
    const code = textOf(node).replace(/\n$/, '');
    return (
      <div className="chat-code">
        <div className="chat-code-bar">
          <span>{language ?? 'code'}</span>
          <CopyButton text={code} label="Copy code" />
        </div>
        <pre>{children}</pre>
      </div>
    );
  },
  table({ children }) {
    return (
      <div className="chat-table">
        <table>{children}</table>
      </div>
    );
  },
  // An answer is model output (and so whatever a prompt injection put there): an image in it would be
  // fetched with the user's session the moment it renders. It is shown as a link the user can choose to open.
  img({ src, alt }) {
    const address = typeof src === 'string' ? src : '';
    return (
      <a href={address} target="_blank" rel="noopener noreferrer" className="chat-image-link">
        {`Image${alt ? `: ${alt}` : ''} (${address || 'no address'})`}
      </a>
    );
  },
  a({ href, children }) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
};

const remarkPlugins = [remarkGfm];
const rehypePlugins = [[rehypeHighlight, { detect: false }] as const] as NonNullable<Parameters<typeof ReactMarkdown>[0]['rehypePlugins']>;

/** An answer as Markdown: GFM tables and lists, highlighted code blocks with a copy button. No raw HTML, no images loaded. */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
