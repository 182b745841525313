import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TranslationFileType } from '@hangar/contract';
import { badRequest } from '../../../platform/errors.ts';
import { officeText, readOffice } from '../../../platform/office/package.ts';
import { countPdfPages } from '../../../platform/pdf/in-worker.ts';
import { pdfPageCount } from '../../../platform/pdf/text.ts';
import { sofficeAvailable } from './soffice.ts';

export interface PageCount {
  pages: number;
  estimated: boolean;
}

const WORDS_PER_PAGE = 500;

/**
 * The estimate and the translation send the same file: its count (a LibreOffice layout takes seconds)
 * is remembered by content hash for the second call. Only successful counts are kept.
 */
const recent = new Map<string, PageCount>();
const RECENT_MAX = 256;

/** Pages as the spec counts them: pdf exact, pptx its slides, docx laid out by LibreOffice (or estimated from words). */
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
  const doc = await readOffice(bytes, type).catch(() => {
    throw badRequest(`This ${type} document is damaged and cannot be read.`);
  });
  const words = Object.values(officeText(doc))
    .flat()
    .join(' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;
  if (!words) throw badRequest(`This ${type === 'pptx' ? 'presentation' : 'document'} has no text to translate.`);
  if (type === 'pptx') {
    const presentation = (await doc.zip.file('ppt/presentation.xml')?.async('string')) ?? '';
    return { pages: Math.max(1, (presentation.match(/<p:sldId\b/g) ?? []).length), estimated: false };
  }
  if (sofficeAvailable()) {
    const laidOut = await docxPagesByLibreOffice(filePath).catch(() => null);
    if (laidOut) return { pages: laidOut, estimated: false };
  }
  return { pages: Math.max(1, Math.ceil(words / WORDS_PER_PAGE)), estimated: true };
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

/** soffice --headless --convert-to pdf, with its own profile (parallel runs) and a time limit. */
export function convertToPdf(filePath: string, outDir: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'soffice',
      [`-env:UserInstallation=file://${outDir}/profile`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, filePath],
      { stdio: 'ignore', timeout: timeoutMs, env: { ...process.env, HOME: outDir } },
    );
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`soffice exited with ${code}`))));
  });
}
