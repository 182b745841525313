/**
 * Removes the text-showing operators (Tj, TJ, ', ") from a page content stream, with their operands,
 * so the original text is neither drawn nor selectable any more; everything else (paths, images,
 * colours, the text state) stays byte for byte. ' and " also move to the next line: they become T*.
 * The stream is handled as latin1 so binary inline images pass through untouched.
 */
const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);

export function stripTextOperators(content: string): { content: string; removed: number } {
  let out = '';
  let keptUpTo = 0;
  let operandsStart = 0;
  let removed = 0;
  let i = 0;
  const n = content.length;
  const code = (k: number) => content.charCodeAt(k);
  while (i < n) {
    const c = code(i);
    if (WHITE.has(c)) {
      i++;
      continue;
    }
    if (c === 0x25 /* % */) {
      while (i < n && code(i) !== 0x0a && code(i) !== 0x0d) i++;
      continue;
    }
    if (c === 0x28 /* ( */) {
      let depth = 1;
      i++;
      while (i < n && depth) {
        const d = code(i);
        if (d === 0x5c /* \ */) i += 2;
        else {
          if (d === 0x28) depth++;
          else if (d === 0x29) depth--;
          i++;
        }
      }
      continue;
    }
    if (c === 0x3c /* < */) {
      if (code(i + 1) === 0x3c) i += 2;
      else {
        const end = content.indexOf('>', i);
        i = end < 0 ? n : end + 1;
      }
      continue;
    }
    if (c === 0x3e /* > */ || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      i += c === 0x3e && code(i + 1) === 0x3e ? 2 : 1;
      continue;
    }
    if (c === 0x2f /* / */) {
      i++;
      while (i < n && !WHITE.has(code(i)) && !DELIM.has(code(i))) i++;
      continue;
    }
    // A number or an operator.
    const start = i;
    while (i < n && !WHITE.has(code(i)) && !DELIM.has(code(i))) i++;
    const word = content.slice(start, i);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) continue;
    if (word === 'ID') {
      // Inline image data runs to the EI that follows whitespace.
      const m = /\sEI(?=\s|$)/g;
      m.lastIndex = i + 1;
      const found = m.exec(content);
      i = found ? found.index + found[0].length : n;
    } else if (TEXT_SHOWING.has(word)) {
      out += content.slice(keptUpTo, operandsStart);
      if (word === "'" || word === '"') out += ' T*';
      keptUpTo = i;
      removed++;
    }
    operandsStart = i;
  }
  out += content.slice(keptUpTo);
  return { content: out, removed };
}
