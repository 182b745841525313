import { open } from 'node:fs/promises';

export interface Header {
  delimiter: string;
  columns: string[];
}

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter of a header line: the candidate that splits it most. */
export function guessDelimiter(line: string): string {
  return DELIMITERS.map((d) => ({ d, n: line.split(d).length })).sort((a, b) => b.n - a.n)[0]!.d;
}

/** The first column of every normalised file: the record's line in the uploaded file. */
export const LINE_COLUMN = '__line';

/** DuckDB's column list, all text: a normalised file's line column (unless `lineColumn` is false), then the file's columns. */
export const csvColumns = (header: Header, lineColumn = true) =>
  `{${[...(lineColumn ? [LINE_COLUMN] : []), ...header.columns].map((c) => `'${c.replace(/'/g, "''")}': 'VARCHAR'`).join(', ')}}`;

/**
 * Reads the first line of a CSV file (BOM stripped, delimiter guessed among , ; tab |): a normalised
 * file's without its line column, or (`lineColumn` false) an uploaded plain file's as it is.
 */
export async function readHeader(csvPath: string, lineColumn = true): Promise<Header | null> {
  const handle = await open(csvPath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    let text = buffer.subarray(0, bytesRead).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const end = text.search(/\r?\n/);
    const line = end >= 0 ? text.slice(0, end) : text;
    if (!line.trim()) return null;
    const delimiter = guessDelimiter(line);
    const columns = splitLine(line, delimiter);
    if (lineColumn && columns[0] === LINE_COLUMN) columns.shift();
    if (!columns.length || (columns.length === 1 && !columns[0]!.trim())) return null;
    return { delimiter, columns };
  } finally {
    await handle.close();
  }
}

function splitLine(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/**
 * Length of the longest line, in bytes, read in large chunks (native newline search). DuckDB's
 * reader silently drops a final line longer than its buffer, so overlong lines are caught here first.
 */
export async function longestLine(csvPath: string): Promise<number> {
  const handle = await open(csvPath, 'r');
  try {
    const buffer = Buffer.alloc(4 * 1024 * 1024);
    let longest = 0;
    let current = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let nl = buffer.indexOf(10, start); nl !== -1 && nl < bytesRead; nl = buffer.indexOf(10, start)) {
        longest = Math.max(longest, current + nl - start);
        current = 0;
        start = nl + 1;
      }
      current += bytesRead - start;
    }
    return Math.max(longest, current);
  } finally {
    await handle.close();
  }
}
