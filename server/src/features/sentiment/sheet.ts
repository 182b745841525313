import { createReadStream } from 'node:fs';
import { SENTIMENT, SENTIMENT_ERRORS, SENTIMENT_RAGGED_LINES, type SentimentColumn, type SentimentRaggedRows } from '@hangar/contract';
import { badRequest } from '../../platform/errors.ts';
import { type FileFormat, FORMULA_START } from '../governance/index.ts';

// The uploaded sheet, once governance's readers have put it in CSV form: its first column is the
// row of the uploaded file, then the sheet's own columns.

/** Rows whose field count differs from the header's, with what the run needs besides (never sent to the web). */
export type RaggedRows = SentimentRaggedRows & {
  /** Characters of the extra fields (delimiters included): what joining them adds to the text column. */
  extra_chars: number;
};

export interface SheetProfile {
  rows: number;
  columns: (SentimentColumn & { chars: number })[];
  proposed: { text: string; date: string | null; category: string | null };
  ragged: RaggedRows | null;
}

/**
 * Records of a normalised sheet, header first, each as an array of cells (the row number first).
 * csv-parse is loaded on the first sheet read, not at start.
 */
export async function* sheetRecords(csvPath: string, delimiter: string): AsyncGenerator<string[]> {
  const { parse } = await import('csv-parse');
  yield* createReadStream(csvPath).pipe(
    // Lines end in CRLF or LF, even within one file (a last line saved without its CR).
    parse({
      delimiter,
      record_delimiter: ['\r\n', '\n'],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
}

const PROFILE_ROWS = 2_000;
const SAMPLES = 3;
/** UTF-8 text read as Windows-1252: "Ã©" for "é". Absent from a file saved in one encoding. */
const MOJIBAKE = /[ÃÂ][\u0080-\u00BF\u00A0-\u00BF]|â€[\u0090-\u00BF™œ"¦]/;

export const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})|^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/;

/** yyyy-mm-dd from the date forms sheets hold (ISO, dd/mm/yyyy, an Excel serial number), or null. */
export function parseDate(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const m = DATE_VALUE.exec(v);
  let y: number;
  let mo: number;
  let d: number;
  if (m?.[1]) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if (m?.[4]) {
    // Day first, as in Europe; month first only when the day cannot be a month.
    const a = Number(m[4]);
    const b = Number(m[5]);
    [d, mo] = b > 12 && a <= 12 ? [b, a] : [a, b];
    y = Number(m[6]);
  } else if (/^\d{5}(\.\d+)?$/.test(v) && Number(v) > 20_000 && Number(v) < 80_000) {
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(v)) * 86_400_000);
    return date.toISOString().slice(0, 10);
  } else return null;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const NUMBER = /^[+-]?\d+([.,]\d+)?$/;
/** A column of language names or codes: the analysis finds each comment's language itself ("By language"). */
const LANGUAGE_NAME = /^(lang(ue|uage)?s?|idioma|l[ií]ngua|sprache|locale|language[ _-]?code)$/i;
const LANGUAGE_VALUE =
  /^((en|fr|es|pt|ja|de|it|nl|zh|ar|ru|ko|ca|pl|sv|da|nb|no|fi|tr|el|he|hi|eng|fra|fre|spa|por|jpn|deu|ger|ita|nld|zho|ara|rus)([-_][a-z]{2})?|english|french|spanish|portuguese|japanese|german|italian|fran[cç]ais|anglais|espa[nñ]ol|portugu[eê]s)$/i;

/**
 * Joins the fields past the header's count into the text column (`text` is its 0-based index):
 * the delimiter was inside the comment. For a text column at the end, the rest of the line.
 */
export function joinExtraFields(cells: string[], width: number, text: number, delimiter: string): string[] {
  const extra = cells.length - width;
  if (extra <= 0 || text < 0 || text >= width) return cells;
  return [...cells.slice(0, text), cells.slice(text, text + extra + 1).join(delimiter), ...cells.slice(text + extra + 1)];
}

/**
 * Reads the whole sheet once: counts its rows, describes its columns from the first rows and
 * proposes the text, date and category columns. Refuses an empty sheet, a sheet without free text
 * and a file that mixes encodings, each with what to do.
 */
export async function profileSheet(csvPath: string, format: FileFormat): Promise<SheetProfile> {
  let header: string[] | null = null;
  let rows = 0;
  let stats: { words: number; filled: number; dates: number; numbers: number; distinct: Set<string>; samples: string[]; chars: number }[] =
    [];
  let mixed = false;
  // A CSV row with another field count than its header is read anyway (relax_column_count): counted
  // here, so the screen says how many and where (issue 33 item 15). Workbook rows have real cells.
  const ragged: RaggedRows = {
    header_fields: 0,
    delimiter: format.delimiter,
    wider: { count: 0, lines: [] },
    narrower: { count: 0, lines: [] },
    extra_chars: 0,
  };
  for await (const record of sheetRecords(csvPath, format.delimiter)) {
    if (!header) {
      header = record.slice(1).map((h, i) => h.trim() || `Column ${i + 1}`);
      ragged.header_fields = header.length;
      stats = header.map(() => ({ words: 0, filled: 0, dates: 0, numbers: 0, distinct: new Set(), samples: [], chars: 0 }));
      continue;
    }
    const cells = record.slice(1);
    if (cells.every((c) => c.trim() === '')) continue;
    rows++;
    if (format.source === 'csv' && cells.length !== header.length) {
      const wider = cells.length > header.length;
      const at = wider ? ragged.wider : ragged.narrower;
      at.count++;
      if (at.lines.length < SENTIMENT_RAGGED_LINES) at.lines.push(Number(record[0]) || rows + 1);
      if (wider) ragged.extra_chars += cells.slice(header.length).reduce((n, c) => n + c.length + 1, 0);
    }
    if (rows > SENTIMENT.maxRows)
      throw badRequest(
        `The sheet has more than ${SENTIMENT.maxRows.toLocaleString('en')} rows: split it into smaller files, then upload again.`,
      );
    for (let i = 0; i < stats.length; i++) {
      const value = (cells[i] ?? '').trim();
      if (!value) continue;
      const s = stats[i]!;
      s.chars += Math.min(value.length, SENTIMENT.maxCommentChars);
      if (format.encoding !== 'UTF-8' && !mixed && MOJIBAKE.test(value)) mixed = true;
      if (rows > PROFILE_ROWS) continue;
      s.filled++;
      s.words += value.split(/\s+/).length;
      if (parseDate(value)) s.dates++;
      else if (NUMBER.test(value)) s.numbers++;
      if (s.distinct.size <= 200) s.distinct.add(value.toLowerCase());
      if (s.samples.length < SAMPLES) s.samples.push(value.length > 120 ? `${value.slice(0, 117)}...` : value);
    }
  }
  if (!header || rows === 0) throw badRequest(SENTIMENT_ERRORS.emptySheet);
  if (mixed) {
    throw badRequest(
      'The file mixes two text encodings (some lines in UTF-8, others in Windows-1252), so accented letters would be misread: open it in a spreadsheet, save it as "CSV UTF-8" or .xlsx, then upload again.',
    );
  }
  const columns = header.map((name, i) => {
    const s = stats[i]!;
    const avgWords = s.filled ? s.words / s.filled : 0;
    const kind: SentimentColumn['kind'] =
      s.filled === 0
        ? 'empty'
        : s.dates >= 0.8 * s.filled
          ? 'date'
          : s.numbers >= 0.8 * s.filled
            ? 'number'
            : avgWords >= 3 && s.distinct.size > Math.min(20, s.filled / 2)
              ? 'text'
              : 'category';
    return { name, kind, samples: s.samples, chars: s.chars, avgWords };
  });
  const texts = columns.filter((c) => c.kind === 'text').sort((a, b) => b.avgWords - a.avgWords);
  if (!texts.length) throw badRequest(SENTIMENT_ERRORS.noTextColumn);
  // Not a language column: the result already has "By language", from each comment's own language.
  const isLanguage = (name: string, i: number) =>
    LANGUAGE_NAME.test(name.trim()) || (stats[i]!.distinct.size > 0 && [...stats[i]!.distinct].every((v) => LANGUAGE_VALUE.test(v)));
  const categories = columns.filter((c, i) => c.kind === 'category' && stats[i]!.distinct.size <= 50 && !isLanguage(c.name, i));
  return {
    rows,
    columns: columns.map(({ avgWords: _, ...c }) => c),
    proposed: {
      text: texts[0]!.name,
      date: columns.find((c) => c.kind === 'date')?.name ?? null,
      category: categories[0]?.name ?? null,
    },
    ragged: ragged.wider.count + ragged.narrower.count > 0 ? ragged : null,
  };
}

/** A cell a spreadsheet would run as a formula (OWASP CSV injection) gets a leading apostrophe; numbers stay numbers. */
const FORMULA = new RegExp(FORMULA_START);
export function formulaSafe(value: string): string {
  return FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}
