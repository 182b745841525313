import { pathToFileURL } from 'node:url';
import { badRequest } from '../errors.ts';
import type { FontStyle } from './font-styles.ts';

/**
 * Text of a pdf located by position (pdfjs-dist, legacy build for Node): items are joined into
 * lines, lines into blocks (same column, angle and size, small gaps), working in each item's own
 * rotated frame so rotated text forms lines along its direction. A block is what gets translated and
 * drawn back in place.
 */
export interface PdfRun {
  text: string;
  bold: boolean;
  italic: boolean;
}

export interface PdfBlock {
  page: number;
  /** Left edge and the first line's baseline, in pdf user space. */
  x: number;
  y: number;
  /** Along the text's direction. */
  width: number;
  /** From the top of the first line to the bottom of the last. */
  height: number;
  fontSize: number;
  /** Direction of the text, radians counter-clockwise (0: horizontal). */
  angle: number;
  lines: string[];
  text: string;
  /** The text split where bold or italic changes (one run when it never does). */
  runs: PdfRun[];
}

export const ENCRYPTED_PDF = 'This pdf is encrypted (password protected): remove the protection and send it again.';
export const DAMAGED_PDF = 'This pdf is damaged and cannot be read.';
export const NO_TEXT_PDF = 'This pdf has no text to translate: it looks like a scanned document (images only).';

/** Exact page count; an encrypted or damaged pdf is a clear 400. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  // Loaded when first used: the server's own thread only needs this module's messages.
  const { PDFDocument } = await import('pdf-lib');
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    // Loaded despite encryption only to tell the two refusals apart.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: true });
  } catch {
    throw badRequest(DAMAGED_PDF);
  }
  if (doc.isEncrypted) throw badRequest(ENCRYPTED_PDF);
  const count = doc.getPageCount();
  if (count < 1) throw badRequest(DAMAGED_PDF);
  return count;
}

interface Item {
  str: string;
  /** Position in the item's own frame (rotated by -angle): u along the text, v across it. */
  u: number;
  v: number;
  width: number;
  size: number;
  angle: number;
  style: Omit<PdfRun, 'text'>;
}

interface Line {
  u: number;
  v: number;
  right: number;
  size: number;
  angle: number;
  runs: PdfRun[];
  text: string;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

const REGULAR = { bold: false, italic: false };

/** The fields of pdfjs's text items used here. */
interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

/** The same file in pdf-lib, for the fonts' styles (null when pdf-lib cannot read it: no styles then). */
async function fontReader(bytes: Uint8Array) {
  const { PDFDocument } = await import('pdf-lib');
  const { pageFontSequence } = await import('./font-styles.ts');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false }).catch(() => null);
  return doc && ((page: number) => pageFontSequence(doc, page));
}

/**
 * Bold and italic by pdfjs font id for one page: pdfjs's font changes, in item order, paired with
 * the font changes of the page's content stream. When the two sequences differ in length or pair one
 * id with two styles, the page's text is taken as regular rather than guessed.
 */
function stylesOfPage(items: { fontName: string }[], sequence: FontStyle[]): Map<string, Omit<PdfRun, 'text'>> {
  const changes: string[] = [];
  for (const it of items) if (changes.at(-1) !== it.fontName) changes.push(it.fontName);
  const styles = new Map<string, Omit<PdfRun, 'text'>>();
  if (changes.length !== sequence.length) return styles;
  for (const [i, id] of changes.entries()) {
    const { bold, italic } = sequence[i]!;
    const known = styles.get(id);
    if (known && (known.bold !== bold || known.italic !== italic)) return new Map();
    styles.set(id, { bold, italic });
  }
  return styles;
}

export async function extractPdfBlocks(bytes: Uint8Array): Promise<PdfBlock[]> {
  const blocks: PdfBlock[] = [];
  await forEachPdfPage({ data: bytes }, (_n, _total, pageBlocks) => {
    blocks.push(...pageBlocks);
  });
  return blocks;
}

/**
 * The blocks of a pdf, one page at a time, handed to `onPage` (1-based page, page count, blocks);
 * answers the page count. From a file, pdfjs reads only the byte ranges it needs (no whole copy
 * in memory): a 100 MB pdf of scans costs its text, not its images. An encrypted pdf is a 400.
 */
export async function forEachPdfPage(
  source: { data: Uint8Array } | { file: string },
  onPage: (page: number, total: number, blocks: PdfBlock[]) => void | Promise<void>,
): Promise<number> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    ...('data' in source
      ? { data: new Uint8Array(source.data) }
      : // Range reads, no streaming of the whole file, no prefetch: memory follows the pages read.
        { url: pathToFileURL(source.file).href, disableStream: true, disableAutoFetch: true, rangeChunkSize: 64 * 1024 }),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise.catch((err: Error) => {
    throw badRequest(err.name === 'PasswordException' ? ENCRYPTED_PDF : DAMAGED_PDF);
  });
  try {
    // Styles need the whole file in pdf-lib: read for documents in memory, not for big files read by range.
    const fontsOfPage = 'data' in source ? await fontReader(source.data) : null;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const drawn = content.items.filter((it) => 'str' in it && it.str) as unknown as TextItem[];
      const styles = fontsOfPage ? stylesOfPage(drawn, fontsOfPage(n - 1)) : new Map();
      const items: Item[] = [];
      for (const it of drawn) {
        const [a, b, , , x, y] = it.transform as number[];
        // Snapped to the nearest 1/100 radian so the items of one line compare equal.
        const angle = Math.round(Math.atan2(b!, a!) * 100) / 100;
        const cos = Math.cos(angle);
        const sin = Math.sin(angle);
        items.push({
          str: it.str,
          u: x! * cos + y! * sin,
          v: -x! * sin + y! * cos,
          width: it.width,
          size: Math.hypot(a!, b!) || it.height || 10,
          angle,
          style: styles.get(it.fontName) ?? REGULAR,
        });
      }
      page.cleanup();
      await onPage(n, doc.numPages, toBlocks(n - 1, toLines(items)));
    }
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

function addRun(runs: PdfRun[], text: string, style: Omit<PdfRun, 'text'>) {
  const last = runs.at(-1);
  if (last && last.bold === style.bold && last.italic === style.italic) last.text += text;
  else runs.push({ text, ...style });
}

function toLines(items: Item[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  for (const it of items) {
    const sameLine = line && it.angle === line.angle && Math.abs(it.v - line.v) < line.size * 0.5 && it.u >= line.right - line.size * 0.5;
    if (line && sameLine) {
      const gap = it.u - line.right;
      if (gap > line.size * 0.15 && !line.text.endsWith(' ') && !it.str.startsWith(' ')) {
        line.text += ' ';
        addRun(line.runs, ' ', line.runs.at(-1)!);
      }
      line.text += it.str;
      addRun(line.runs, it.str, it.style);
      line.right = Math.max(line.right, it.u + it.width);
    } else {
      line = {
        u: it.u,
        v: it.v,
        right: it.u + it.width,
        size: it.size,
        angle: it.angle,
        runs: [{ text: it.str, ...it.style }],
        text: it.str,
      };
      lines.push(line);
    }
  }
  return lines.filter((l) => l.text.trim());
}

const dehyphen = (s: string) => s.replace(/(\w)- (\w)/g, '$1$2').replace(/\s+/g, ' ');

function toBlocks(page: number, lines: Line[]): PdfBlock[] {
  interface Building {
    u: number;
    v: number;
    width: number;
    height: number;
    size: number;
    angle: number;
    lines: string[];
    runs: PdfRun[];
  }
  const built: Building[] = [];
  let block: Building | null = null;
  let last: Line | null = null;
  // A line that ends a sentence well short of the text's right edge ends its paragraph.
  const rightOf = new Map<number, number>();
  for (const l of lines) rightOf.set(l.angle, Math.max(rightOf.get(l.angle) ?? -Infinity, l.right));
  const endsParagraph = (l: Line) => l.right < rightOf.get(l.angle)! - l.size * 3 && /[.!?:;]["'’”)\]]?$/.test(l.text.trim());
  for (const l of lines) {
    const follows =
      block &&
      last &&
      l.angle === block.angle &&
      !endsParagraph(last) &&
      Math.abs(l.size - block.size) < block.size * 0.2 &&
      last.v - l.v > 0 &&
      last.v - l.v < l.size * 1.8 &&
      Math.abs(l.u - block.u) < l.size * 2;
    if (block && follows) {
      block.lines.push(l.text.trim());
      addRun(block.runs, ' ', block.runs.at(-1)!);
      for (const r of l.runs) addRun(block.runs, r.text, r);
      block.width = Math.max(block.width, l.right - block.u);
      block.u = Math.min(block.u, l.u);
      block.height = block.v - l.v + block.size * 1.2;
    } else {
      block = {
        u: l.u,
        v: l.v,
        width: l.right - l.u,
        height: l.size * 1.2,
        size: l.size,
        angle: l.angle,
        lines: [l.text.trim()],
        runs: l.runs.map((r) => ({ ...r })),
      };
      built.push(block);
    }
    last = l;
  }
  return built.map((b) => {
    const cos = Math.cos(b.angle);
    const sin = Math.sin(b.angle);
    const runs = b.runs.map((r) => ({ ...r, text: dehyphen(r.text) }));
    runs[0]!.text = runs[0]!.text.trimStart();
    runs.at(-1)!.text = runs.at(-1)!.text.trimEnd();
    return {
      page,
      x: b.u * cos - b.v * sin,
      y: b.u * sin + b.v * cos,
      width: b.width,
      height: b.height,
      fontSize: b.size,
      angle: b.angle,
      lines: b.lines,
      text: dehyphen(b.lines.join(' ')),
      runs: runs.filter((r, i) => r.text || i === 0),
    };
  });
}
