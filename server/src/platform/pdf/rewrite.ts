import { PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { stripTextOperators } from './content-stream.ts';
import { type DrawFont, FontSet, type TextStyle } from './fonts.ts';
import { flateStream, pageContent, stripFormText } from './streams.ts';
import type { PdfBlock } from './text.ts';

/**
 * Writes translated blocks back into the pdf: each page's text-showing operators are removed from
 * its content stream and from the forms it draws (the original text is gone, not hidden under a
 * white box), then every block is drawn at its place and angle, with its runs' bold and italic, in a
 * font that covers the target script, shrunk until it fits. The drawing is written as content-stream
 * operators directly (pdf-lib's drawText lays out every line with fontkit, most of the time spent).
 */
export { FONT_FILES } from './fonts.ts';

/** A block's translation: one text, or one text per run of the block (its styles kept). */
export type BlockTranslation = string | string[];

interface Token {
  text: string;
  style: TextStyle;
  /** Follows the previous token without a space (a run boundary inside a word). */
  glued: boolean;
  font: DrawFont;
  width: number;
}

const ITALIC_SLANT = Math.tan((12 * Math.PI) / 180);

/** A character the font cannot draw becomes "?" (a missing glyph would be invisible). */
function drawableText(word: string, font: DrawFont): string {
  for (const ch of word) if (!font.has(ch.codePointAt(0)!)) return [...word].map((c) => (font.has(c.codePointAt(0)!) ? c : '?')).join('');
  return word;
}

async function tokens(block: PdfBlock, translation: BlockTranslation | undefined, fonts: FontSet): Promise<Token[]> {
  const runs = block.runs.length ? block.runs : [{ text: block.text, bold: false, italic: false }];
  const texts = translation === undefined ? runs.map((r) => r.text) : typeof translation === 'string' ? [translation] : translation;
  const out: Token[] = [];
  let spaceBefore = true;
  for (const [i, text] of texts.entries()) {
    const run = runs[Math.min(i, runs.length - 1)]!;
    const style = { bold: run.bold, italic: run.italic };
    const font = await fonts.get(style);
    for (const piece of text.split(/(\s+)/)) {
      if (!piece) continue;
      if (/^\s+$/.test(piece)) {
        spaceBefore = true;
        continue;
      }
      const drawable = drawableText(piece, font);
      out.push({ text: drawable, style, glued: !spaceBefore && out.length > 0, font, width: font.width(drawable) });
      spaceBefore = false;
    }
  }
  return out;
}

function wrap(items: Token[], size: number, width: number): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  for (const t of items) {
    const w = t.width * size;
    const gap = line.length && !t.glued ? t.font.width(' ') * size : 0;
    if (line.length && !t.glued && used + gap + w > width) {
      lines.push(line);
      line = [t];
      used = w;
    } else {
      line.push(t);
      used += gap + w;
    }
  }
  if (line.length) lines.push(line);
  return lines;
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * Operators drawing one block: per line, one text matrix (angle, slant) and one string per stretch of
 * words in the same face; the spaces are the font's own space glyph, so the viewer advances exactly
 * as the wrapping measured.
 */
function drawBlock(block: PdfBlock, lines: Token[][], size: number, fontName: (f: DrawFont) => string): string {
  const cos = Math.cos(block.angle);
  const sin = Math.sin(block.angle);
  const ops: string[] = ['BT'];
  let face = '';
  lines.forEach((line, k) => {
    // Baselines in the block's own frame: along its direction, then down, rotated back into the page.
    const down = block.fontSize * 0.8 - size * 0.8 - k * size * 1.2;
    let along = 0;
    let j = 0;
    while (j < line.length) {
      const first = line[j]!;
      const { font, style } = first;
      if (j > 0 && !first.glued) along += font.width(' ') * size;
      const x = block.x + along * cos - down * sin;
      const y = block.y + along * sin + down * cos;
      let hex = font.hex(first.text);
      along += first.width * size;
      for (
        j++;
        j < line.length && line[j]!.font === font && line[j]!.style.italic === style.italic && line[j]!.style.bold === style.bold;
        j++
      ) {
        const t = line[j]!;
        if (!t.glued) {
          hex += font.hex(' ');
          along += font.width(' ') * size;
        }
        hex += font.hex(t.text);
        along += t.width * size;
      }
      const slant = style.italic && font.fakeItalic ? ITALIC_SLANT : 0;
      const stroke = style.bold && font.fakeBold;
      const next = `${fontName(font)} ${n(size)} Tf ${stroke ? `2 Tr ${n(size * 0.03)} w` : '0 Tr'}`;
      if (next !== face) ops.push(next);
      face = next;
      ops.push(`${n(cos)} ${n(sin)} ${n(slant * cos - sin)} ${n(slant * sin + cos)} ${n(x)} ${n(y)} Tm <${hex}> Tj`);
    }
  });
  ops.push('ET');
  return ops.join('\n');
}

export async function rewritePdf(bytes: Uint8Array, blocks: PdfBlock[], translated: BlockTranslation[], target: string): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const fonts = new FontSet(doc, target);
  const pages = doc.getPages();
  const drawn = new Map<number, string[]>();
  for (const [i, block] of blocks.entries()) {
    const page = pages[block.page];
    if (!page) continue;
    const items = await tokens(block, translated[i], fonts);
    if (!items.length) continue;
    const width = Math.max(block.width, block.fontSize * 4);
    const height = Math.max(block.height, block.fontSize * 1.2);
    let size = block.fontSize;
    let lines = wrap(items, size, width);
    while (size > 4 && lines.length * size * 1.2 > height * 1.05) {
      size *= 0.95;
      lines = wrap(items, size, width);
    }
    const ops = drawBlock(block, lines, size, (f) => fonts.resourceName(page, block.page, f.font));
    drawn.set(block.page, [...(drawn.get(block.page) ?? []), ops]);
  }
  const forms = new Set<string>();
  for (const index of new Set(blocks.map((b) => b.page))) {
    const page: PDFPage | undefined = pages[index];
    if (!page) continue;
    stripFormText(doc, page.node.Resources(), forms);
    const { content } = stripTextOperators(pageContent(doc, page));
    // The original drawing, text removed, inside q/Q so its graphics state does not leak into ours.
    const ours = (drawn.get(index) ?? []).join('\n');
    const stream = flateStream(doc, `q\n${content}\nQ\nq 0 g 0 G\n${ours}\nQ\n`);
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
