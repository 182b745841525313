import { isUtf8 } from 'node:buffer';
import { open } from 'node:fs/promises';
import { guessDelimiter } from './header.ts';

/**
 * A plain CSV is one the checks can read where it is, without the normalising rewrite: UTF-8, no
 * NUL byte, no blank line, no line break inside a quoted value, one line ending throughout, no line
 * over 1 MB. Each record is then exactly one line, so record n (0-based) is line n + 2 of the file.
 * Anything else goes through the rewrite, which handles it (and reads these files the same way).
 */
export interface PlainCsv {
  delimiter: string;
  /** Lines after the header: what the reader must find, or the file was not what this scan saw. */
  records: number;
}

/** Lines longer than this take the rewrite, which measures them as it always has. */
const MAX_PLAIN_LINE = 1024 * 1024;
/** readHeader reads the first 64 KB: a longer header line takes the rewrite. */
const MAX_PLAIN_HEADER = 60 * 1024;
const CHUNK = 4 * 1024 * 1024;
const [LF, CR, QUOTE] = [10, 13, 34];

/**
 * First bytes of a line that may be blank to the rewrite (`trim()` whitespace: ASCII spaces and
 * controls, and the lead bytes of U+00A0, U+1680, U+2000–U+205F, U+3000 and U+FEFF). Such lines are
 * rare at the start of a record, so they simply take the rewrite.
 */
const MAYBE_BLANK = new Uint8Array(256);
for (const b of [9, 10, 11, 12, 13, 32, 0xc2, 0xe1, 0xe2, 0xe3, 0xef]) MAYBE_BLANK[b] = 1;

/** Bytes at the end of `buf` (up to `end`) that start a UTF-8 sequence the chunk does not finish. */
function unfinishedTail(buf: Buffer, end: number): number {
  for (let back = 1; back <= Math.min(3, end); back++) {
    const b = buf[end - back]!;
    if (b < 0x80) return 0;
    if (b >= 0xc0) {
      const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return size > back ? back : 0;
    }
  }
  return 0;
}

/** One pass over the bytes (native searches for line ends, quotes, CRs and NULs); null when the file needs the rewrite. */
export async function plainCsv(source: string): Promise<PlainCsv | null> {
  const handle = await open(source, 'r');
  try {
    // Spare bytes in front hold a UTF-8 sequence cut by the previous read (never an ASCII byte).
    const buf = Buffer.alloc(CHUNK + 4);
    const find = (byte: number, from: number, end: number) => {
      const at = buf.indexOf(byte, from);
      return at === -1 || at >= end ? -1 : at;
    };
    let carry = 0;
    let base = 0; // file offset of buf[0]
    let lineStart = 0; // file offset of the current line's first byte
    let lineStarted = false;
    let lines = 0; // complete lines
    let quotes = 0; // quotes on the current line
    let crPending = false; // the previous read ended with a CR
    let crlf: boolean | null = null;
    const headerParts: Buffer[] = [];
    for (;;) {
      const { bytesRead } = await handle.read(buf, carry, CHUNK, null);
      if (bytesRead === 0) {
        if (carry || crPending) return null; // the file ends inside a UTF-8 sequence, or with a bare CR
        break;
      }
      const end = carry + bytesRead;
      const tail = unfinishedTail(buf, end);
      if (!isUtf8(buf.subarray(0, end - tail)) || find(0, carry, end) !== -1) return null;
      let pos = carry;
      if (base === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) pos = lineStart = 3;
      if (crPending && buf[pos] !== LF) return null;
      let nextQuote = find(QUOTE, pos, end);
      let nextCr = find(CR, pos, end);
      while (pos < end) {
        if (!lineStarted) {
          lineStarted = true;
          if (lines > 0 && MAYBE_BLANK[buf[pos]!]) return null;
        }
        const nl = find(LF, pos, end);
        const stop = nl === -1 ? end : nl;
        for (; nextQuote !== -1 && nextQuote < stop; nextQuote = find(QUOTE, nextQuote + 1, end)) quotes++;
        for (; nextCr !== -1 && nextCr < stop; nextCr = find(CR, nextCr + 1, end)) {
          // A CR is only ever the first half of a CRLF line ending.
          if (nextCr !== stop - 1 || (nl === -1 && nextCr !== end - 1)) return null;
        }
        if (lines === 0) {
          headerParts.push(Buffer.from(buf.subarray(pos, stop)));
          if (base + stop - lineStart > MAX_PLAIN_HEADER) return null;
        }
        if (base + stop - lineStart > MAX_PLAIN_LINE) return null;
        if (nl === -1) {
          crPending = buf[end - 1] === CR;
          break;
        }
        if (quotes % 2 === 1) return null;
        const endsCrlf = nl > 0 ? buf[nl - 1] === CR : crPending;
        if (crlf !== null && crlf !== endsCrlf) return null;
        crlf = endsCrlf;
        crPending = false;
        lines++;
        quotes = 0;
        lineStarted = false;
        pos = nl + 1;
        lineStart = base + pos;
      }
      // The unfinished UTF-8 sequence moves to the front for the next read.
      buf.copy(buf, 0, end - tail, end);
      base += end - tail;
      carry = tail;
    }
    // A last line without a line ending is a record like the others.
    if (lineStarted) {
      if (quotes % 2 === 1) return null;
      lines++;
    }
    if (lines < 1) return null;
    const header = Buffer.concat(headerParts).toString('utf8').replace(/\r$/, '');
    if (!header.trim()) return null;
    return { delimiter: guessDelimiter(header), records: lines - 1 };
  } finally {
    await handle.close();
  }
}
