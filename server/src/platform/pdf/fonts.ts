import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

/**
 * The fonts translated text is drawn with, one per style, embedded as subsets on first use. Latin
 * targets: DejaVu Sans and its bold/oblique faces (Bitstream Vera licence; the oblique faces come with
 * fonts-dejavu-extra); Japanese: IPAexGothic (IPA Font License), which has no bold or italic face.
 * A style whose face is not installed is drawn with the regular face, thickened (fill and stroke)
 * for bold and slanted for italic, so the emphasis is still seen.
 */
export interface TextStyle {
  bold: boolean;
  italic: boolean;
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu/';
const IPAEX = ['/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf', '/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf'];

export const FONT_FILES = {
  latin: {
    regular: [`${DEJAVU}DejaVuSans.ttf`, ...IPAEX],
    bold: [`${DEJAVU}DejaVuSans-Bold.ttf`],
    italic: [`${DEJAVU}DejaVuSans-Oblique.ttf`],
    boldItalic: [`${DEJAVU}DejaVuSans-BoldOblique.ttf`],
  },
  cjk: { regular: IPAEX, bold: [], italic: [], boldItalic: [] },
};

type Face = keyof typeof FONT_FILES.latin;
const faceOf = (s: TextStyle): Face => (s.bold ? (s.italic ? 'boldItalic' : 'bold') : s.italic ? 'italic' : 'regular');

async function firstReadable(paths: string[]): Promise<Buffer | null> {
  for (const p of paths) {
    const bytes = await readFile(p).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

/** A face ready to draw: how to select it, what it can draw, and words encoded once each. */
export interface DrawFont {
  font: PDFFont;
  /** Missing faces are imitated: stroke the outline (bold), slant the text matrix (italic). */
  fakeBold: boolean;
  fakeItalic: boolean;
  has(codePoint: number): boolean;
  /** Width of a string at size 1 (per-character advances, kerning ignored). */
  width(text: string): number;
  /** Hex glyph codes of a string; the same word is laid out by fontkit only once. */
  hex(text: string): string;
}

export class FontSet {
  private readonly faces = new Map<Face, Promise<DrawFont>>();
  private readonly keys = new Map<string, string>();

  private readonly doc: PDFDocument;
  private readonly target: string;

  constructor(doc: PDFDocument, target: string) {
    this.doc = doc;
    this.target = target;
    doc.registerFontkit(fontkit);
  }

  get(style: TextStyle): Promise<DrawFont> {
    const face = faceOf(style);
    let found = this.faces.get(face);
    if (!found) {
      found = this.load(face);
      this.faces.set(face, found);
    }
    return found;
  }

  /** The page's resource name for a font (registered once per page). */
  resourceName(page: PDFPage, pageIndex: number, font: PDFFont): string {
    const key = `${pageIndex}:${font.ref.toString()}`;
    let name = this.keys.get(key);
    if (!name) {
      name = page.node.newFontDictionary('HangarF', font.ref).asString();
      this.keys.set(key, name);
    }
    return name;
  }

  private async load(face: Face): Promise<DrawFont> {
    const files = this.target.startsWith('ja') ? FONT_FILES.cjk : FONT_FILES.latin;
    const own = await firstReadable(files[face]);
    if (!own && face !== 'regular') {
      const base = await this.get({ bold: false, italic: false });
      return { ...base, fakeBold: face === 'bold' || face === 'boldItalic', fakeItalic: face === 'italic' || face === 'boldItalic' };
    }
    if (!own && this.target.startsWith('ja')) throw new Error('No font for Japanese is installed (fonts-ipaexfont-gothic).');
    const font = own ? await this.doc.embedFont(own, { subset: true }) : await this.doc.embedFont(StandardFonts.Helvetica);
    return drawFont(font);
  }
}

/** The fontkit font behind an embedded custom font, and the subset pdf-lib 1.17 builds on its embedder. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
}
interface SubsetEmbedder {
  font?: { unitsPerEm: number; glyphForCodePoint(cp: number): FontkitGlyph };
  subset?: { includeGlyph(glyph: FontkitGlyph): number };
  glyphs?: FontkitGlyph[];
  glyphIdMap?: Map<number, number>;
  glyphCache?: { invalidate(): void };
}

/**
 * A character's subset glyph code without fontkit's layout (which costs about a millisecond a call,
 * most of the drawing time): what pdf-lib's encodeText does per glyph, for one glyph. Falls back to
 * encodeText when the embedder is not the subsetting one.
 */
function glyphCode(font: PDFFont, e: SubsetEmbedder, ch: string): string {
  if (!e.font || !e.subset || !e.glyphs || !e.glyphIdMap || !e.glyphCache) return font.encodeText(ch).asString();
  const glyph = e.font.glyphForCodePoint(ch.codePointAt(0)!);
  const id = e.subset.includeGlyph(glyph);
  e.glyphs[id - 1] = glyph;
  e.glyphIdMap.set(glyph.id, id);
  e.glyphCache.invalidate();
  (font as unknown as { modified: boolean }).modified = true;
  return id.toString(16).toUpperCase().padStart(4, '0');
}

function drawFont(font: PDFFont): DrawFont {
  const characters = new Set(font.getCharacterSet());
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  const fontkitFont = embedder.font;
  const advances = new Map<number, number>();
  const codes = new Map<string, string>();
  const words = new Map<string, { hex: string; width: number }>();
  const advance = (ch: string, cp: number) => {
    let w = advances.get(cp);
    if (w === undefined) {
      w = fontkitFont ? fontkitFont.glyphForCodePoint(cp).advanceWidth / fontkitFont.unitsPerEm : font.widthOfTextAtSize(ch, 1);
      advances.set(cp, w);
    }
    return w;
  };
  const code = (ch: string) => {
    let h = codes.get(ch);
    if (h === undefined) {
      h = glyphCode(font, embedder, ch);
      codes.set(ch, h);
    }
    return h;
  };
  const word = (text: string) => {
    let found = words.get(text);
    if (!found) {
      let hex = '';
      let width = 0;
      for (const ch of text) {
        hex += code(ch);
        width += advance(ch, ch.codePointAt(0)!);
      }
      found = { hex, width };
      words.set(text, found);
    }
    return found;
  };
  return {
    font,
    fakeBold: false,
    fakeItalic: false,
    has: (cp) => characters.has(cp),
    width: (text) => word(text).width,
    hex: (text) => word(text).hex,
  };
}
