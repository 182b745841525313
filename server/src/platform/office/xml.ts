/**
 * OOXML parts as an order-preserving tree (fast-xml-parser with preserveOrder, in xml-codec.ts): parse
 * then build gives back the same document (canonically), so only the text we change differs.
 * An element is `{ 'w:p': XmlNode[], ':@'?: { '@_w:val': '…' } }`; a text node is `{ '#text': '…' }`.
 */
export type XmlNode = { [key: string]: XmlNode[] | Record<string, string> | string | undefined };

const ATTRS = ':@';

/** The element's name, or null for text and comments. */
export function tagOf(node: XmlNode): string | null {
  for (const key of Object.keys(node)) if (key !== ATTRS && key !== '#text' && key !== '#comment') return key;
  return null;
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag ? node[tag] : undefined;
  return Array.isArray(value) ? value : [];
}

export function attr(node: XmlNode, name: string): string | undefined {
  const attrs = node[ATTRS] as Record<string, string> | undefined;
  return attrs?.[`@_${name}`];
}

export function setAttr(node: XmlNode, name: string, value: string): void {
  const attrs = (node[ATTRS] as Record<string, string> | undefined) ?? {};
  attrs[`@_${name}`] = value;
  node[ATTRS] = attrs;
}

export function element(tag: string, children: XmlNode[] = [], attrs?: Record<string, string>): XmlNode {
  const node: XmlNode = { [tag]: children };
  if (attrs) node[ATTRS] = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`@_${k}`, v]));
  return node;
}

/** The concatenated text directly inside an element (w:t, a:t). */
export function textOf(node: XmlNode): string {
  return childrenOf(node)
    .map((c) => (typeof c['#text'] === 'string' ? c['#text'] : ''))
    .join('');
}

export function setText(node: XmlNode, text: string): void {
  const tag = tagOf(node);
  if (tag) node[tag] = text ? [{ '#text': text }] : [];
}

/** Every element below `nodes` (depth first, document order) whose name without its prefix is `localName`. */
export function elementsNamed(nodes: XmlNode[], localName: string): XmlNode[] {
  const out: XmlNode[] = [];
  const visit = (list: XmlNode[]) => {
    for (const node of list) {
      const tag = tagOf(node);
      if (!tag) continue;
      if (tag === localName || tag.endsWith(`:${localName}`)) out.push(node);
      visit(childrenOf(node));
    }
  };
  visit(nodes);
  return out;
}

/** An attribute with any namespace prefix and this local name (`r:id` for `id`); an unprefixed `id` does not count. */
export function prefixedAttr(node: XmlNode, localName: string): string | undefined {
  const attrs = node[ATTRS] as Record<string, string> | undefined;
  if (!attrs) return undefined;
  for (const [key, value] of Object.entries(attrs)) if (key.startsWith('@_') && key.endsWith(`:${localName}`)) return value;
  return undefined;
}
