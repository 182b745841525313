import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { guessDelimiter, LINE_COLUMN } from './header.ts';

/**
 * Rewrites an uploaded CSV as UTF-8 with the file's own line number in front of every record
 * (`__line`), so every finding names the line a text editor shows: blank lines and quoted line
 * breaks included, which a CSV reader's row count does not see. Also decides the encoding
 * (UTF-8, else Windows-1252, converted) and removes NUL bytes, reporting the lines that had them.
 */
export interface Normalized {
  encoding: 'UTF-8' | 'Windows-1252';
  delimiter: string;
  /** Lines (1-based) that contained NUL bytes, at most `maxNulLines` of them, and how many in all. */
  nulLines: number[];
  nulCount: number;
  /** Set when a line is longer than the reader takes: reading stopped there. */
  longLine?: number;
}

/** Longer lines are not records of a CSV: reading stops rather than holding them. */
export const MAX_LINE_CHARS = 2 * 1024 * 1024;
class LineTooLong extends Error {}

const MAX_NUL_LINES = 5;

async function decodesAsUtf8(source: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(source, { highWaterMark: 1 << 20 })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export async function normalizeCsv(source: string, target: string): Promise<Normalized> {
  const encoding = (await decodesAsUtf8(source)) ? 'UTF-8' : 'Windows-1252';
  const decoder = new TextDecoder(encoding === 'UTF-8' ? 'utf-8' : 'windows-1252');
  const out = createWriteStream(target);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  let delimiter: string | null = null;
  let width = 0;
  let line = 1;
  let quoted = false;
  let atRecordStart = true;
  /** Whether the lines end with CRLF: the last record, if unterminated, gets the same ending. */
  let crlf = false;
  let pending = '';
  let headerText = '';
  const nulLines: number[] = [];
  let nulCount = 0;
  let first = true;

  const flushHeader = (emit: (s: string) => void) => {
    delimiter = guessDelimiter(headerText.replace(/\r$/, ''));
    width = Math.max(headerText.split(delimiter).length, 1);
    emit(`${LINE_COLUMN}${delimiter}${headerText}\n`);
  };

  const consume = async (text: string, final: boolean) => {
    const parts: string[] = [];
    const emit = (s: string) => parts.push(s);
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.length) first = false;
    }
    text = pending + text;
    pending = '';
    let buf = '';
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 0) {
        nulCount++;
        if (!nulLines.includes(line) && nulLines.length < MAX_NUL_LINES) nulLines.push(line);
        buf += text.slice(start, i);
        start = i + 1;
        continue;
      }
      if (ch === 34 /* " */) quoted = !quoted;
      if (ch !== 10 /* \n */) continue;
      const segment = buf + text.slice(start, i);
      buf = '';
      start = i + 1;
      crlf = segment.endsWith('\r');
      if (delimiter === null) {
        headerText += segment;
        if (!quoted) flushHeader(emit);
        else headerText += '\n';
      } else if (atRecordStart) {
        const content = segment.replace(/\r$/, '');
        // A blank line stays a record (of empty values), so the checks report it with its line.
        const record = content.trim() === '' ? delimiter.repeat(width - 1) : segment;
        emit(`${line}${delimiter}${record}\n`);
        atRecordStart = !quoted;
      } else {
        emit(`${segment}\n`);
        atRecordStart = !quoted;
      }
      line++;
    }
    const rest = buf + text.slice(start);
    if (!final) {
      if (rest.length > MAX_LINE_CHARS) throw new LineTooLong();
      pending = rest;
      // The unfinished line is scanned again with the next chunk: undo its quote toggles.
      for (let i = 0; i < rest.length; i++) if (rest.charCodeAt(i) === 34) quoted = !quoted;
    } else if (rest.length) {
      if (delimiter === null) {
        headerText += rest;
        if (headerText.trim() !== '') flushHeader(emit);
      } else if (atRecordStart) {
        // The reader takes the first line ending for the whole file: a lone LF after CRLF lines is unreadable.
        if (rest.replace(/\r$/, '').trim() !== '') emit(`${line}${delimiter}${rest}${crlf ? '\r\n' : '\n'}`);
      } else emit(`${rest}${crlf ? '\r\n' : '\n'}`);
    }
    if (parts.length) await write(parts.join(''));
  };

  try {
    for await (const chunk of createReadStream(source, { highWaterMark: 1 << 20 })) {
      await consume(decoder.decode(chunk as Buffer, { stream: true }), false);
    }
    await consume(decoder.decode(), true);
  } catch (err) {
    if (!(err instanceof LineTooLong)) throw err;
    return { encoding, delimiter: delimiter ?? ',', nulLines, nulCount, longLine: line };
  } finally {
    out.end();
    await once(out, 'finish');
  }
  return { encoding, delimiter: delimiter ?? ',', nulLines, nulCount };
}
