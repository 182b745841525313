/** The excerpt's text without the Markdown of the answer it was cut from (bold, code, headings, links). */
export function plainExcerpt(excerpt: string): string {
  return excerpt
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|\n)\s{0,3}#{1,6}\s+/g, '$1')
    .replace(/\s+/g, ' ');
}

/** The excerpt cut into plain runs and the runs that match the search term (any case). */
export function excerptParts(excerpt: string, term: string): { text: string; hit: boolean }[] {
  const text = plainExcerpt(excerpt);
  const needle = term.trim().toLowerCase();
  if (!needle) return [{ text, hit: false }];
  const parts: { text: string; hit: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}

export function Excerpt({ text, term }: { text: string; term: string }) {
  return (
    <>
      {excerptParts(text, term).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <mark key={i} className="rounded-sm bg-transparent font-semibold text-sidebar-fg underline decoration-2 underline-offset-2">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
