import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TranslationFileType } from '@hangar/contract';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { lockedDownOfficeProfile, officeCopyWithoutExternalLinks } from '../../../platform/office/external-links.ts';
import { countOffice } from '../../../platform/office/in-worker.ts';
import { countPdfPages } from '../../../platform/pdf/in-worker.ts';
import { pdfPageCount } from '../../../platform/pdf/text.ts';
import { spawnSandboxed } from '../../../platform/sandbox.ts';
import { sofficeAvailable } from './soffice.ts';

export interface PageCount {
  pages: number;
  estimated: boolean;
}

/** A page's worth of translated text (package.ts translatedWords): what text off the layout is charged by. */
const WORDS_PER_PAGE = 500;

/**
 * The estimate and the translation send the same file: its count (a LibreOffice layout takes seconds)
 * is remembered by content hash for the second call. Only successful counts are kept.
 */
const recent = new Map<string, PageCount>();
const RECENT_MAX = 256;

/**
 * Pages as the spec counts them: pdf exact, pptx its slides, docx laid out by LibreOffice (or
 * estimated from words); for a docx or pptx at least the page equivalents (500 words) of the text
 * that will be translated, so comments, speaker notes or any text off the layout are not free.
 * Hidden text and parts the document does not use are neither translated nor counted (platform/office).
 */
export async function countPages(filePath: string, bytes: Buffer, type: TranslationFileType): Promise<PageCount> {
  const key = `${type}:${createHash('sha256').update(bytes).digest('hex')}`;
  const known = recent.get(key);
  if (known) return known;
  const count = await countUncached(filePath, bytes, type);
  recent.set(key, count);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return count;
}

async function countUncached(filePath: string, bytes: Buffer, type: TranslationFileType): Promise<PageCount> {
  if (type === 'pdf') return { pages: await countPdfPages(bytes), estimated: false };
  // Read in the office worker, within its part and size limits (a refusal there is a 400 with its reason).
  const { slides, words } = await countOffice(bytes, type).catch((err) => {
    throw err instanceof AppError ? err : badRequest(`This ${type} document is damaged and cannot be read.`);
  });
  if (!words) throw badRequest(`This ${type === 'pptx' ? 'presentation' : 'document'} has no text to translate.`);
  const byWords = Math.ceil(words / WORDS_PER_PAGE);
  if (type === 'pptx') return { pages: Math.max(1, slides, byWords), estimated: false };
  if (sofficeAvailable()) {
    const laidOut = await docxPagesByLibreOffice(filePath).catch(() => null);
    if (laidOut) return { pages: Math.max(laidOut, byWords), estimated: false };
  }
  return { pages: Math.max(1, byWords), estimated: true };
}

async function docxPagesByLibreOffice(filePath: string): Promise<number | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hangar-pages-'));
  try {
    await convertToPdf(filePath, dir);
    const pdf = (await readdir(dir)).find((f) => f.endsWith('.pdf'));
    // LibreOffice's own output: counted here (a cold pdf worker would add seconds to every docx estimate).
    return pdf ? pdfPageCount(await readFile(path.join(dir, pdf))) : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Address space of a LibreOffice conversion (a one-page docx needs under 512 MB). */
const SOFFICE_MEMORY_MB = 2048;
/** The import filter for the package's kind: LibreOffice reads a docx as a docx, not as another format it would guess. */
const IMPORT_FILTERS: Record<string, string> = { docx: 'MS Word 2007 XML', pptx: 'Impress MS PowerPoint 2007 XML' };

/**
 * soffice --headless --convert-to pdf, with its own profile (parallel runs) and a time limit. The
 * document is a user's: LibreOffice reads a copy without its external relationships, with a profile
 * refusing links (platform/office/external-links.ts), sandboxed (platform/sandbox.ts: no network,
 * a minimal environment, an address-space cap). The file at `filePath` is not changed.
 */
export async function convertToPdf(filePath: string, outDir: string, timeoutMs = 60_000): Promise<void> {
  const input = await officeCopyWithoutExternalLinks(filePath, path.join(outDir, 'input'));
  try {
    const profile = await lockedDownOfficeProfile(path.join(outDir, 'profile'));
    const filter = input.kind ? IMPORT_FILTERS[input.kind] : undefined;
    const args = [profile, '--headless', '--norestore', ...(filter ? [`--infilter=${filter}`] : [])];
    await new Promise<void>((resolve, reject) => {
      const child = spawnSandboxed('soffice', [...args, '--convert-to', 'pdf', '--outdir', outDir, input.path], {
        stdio: 'ignore',
        timeout: timeoutMs,
        home: outDir,
        memoryMb: SOFFICE_MEMORY_MB,
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`soffice exited with ${code}`))));
    });
  } finally {
    await rm(path.dirname(input.path), { recursive: true, force: true });
  }
}
