import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubStt } from '../../../test/stub-stt.ts';
import { extractFile, runTool } from './index.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '../../../test/fixtures/multidocs', name);
const translatorFixture = (name: string) => path.join(import.meta.dirname, '../../../test/fixtures/translation', name);
let workDir: string;
const opts = (speech: { STT_BASE_URL?: string; STT_API_KEY?: string } = {}) => ({
  workDir,
  timeoutMs: 60_000,
  speech: { STT_MODEL: 'whisper-1', ...speech },
  maxMediaSeconds: 600,
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'docs-test-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('the extraction library', () => {
  it('reads a text pdf page by page, with its headings', async () => {
    const out = await extractFile(fixture('handbook.pdf'), 'pdf', opts());
    expect(out.pages).toBe(3);
    expect(out.method).toBe('text layer');
    const fuel = out.sections.find((s) => s.text.includes('hydrant'));
    expect(fuel?.page).toBe(2);
    expect(fuel?.text).toMatch(/^Fuel policy/);
    expect(out.sections.find((s) => s.text.includes('Baggage'))?.heading).toBe('Ground handling');
    expect(out.sections.find((s) => s.text.includes('ninety days'))?.page).toBe(3);
  });

  it('reads a large pdf in its own process, stopped at the time limit, and refuses a damaged one', async () => {
    const inChild = { pdfInChildFromBytes: 0 };
    const read = await extractFile(fixture('handbook.pdf'), 'pdf', { ...opts(), ...inChild });
    expect(read.readerPeakMb).toBeGreaterThan(0); // measured by the reader process itself
    expect(read.sections.find((s) => s.text.includes('Baggage'))?.heading).toBe('Ground handling');
    await expect(extractFile(fixture('handbook.pdf'), 'pdf', { ...opts(), ...inChild, timeoutMs: 1 })).rejects.toThrow(/took too long/);
    const broken = path.join(workDir, 'broken.pdf');
    await writeFile(broken, '%PDF-1.7\nnot a pdf\n%%EOF');
    await expect(extractFile(broken, 'pdf', { ...opts(), ...inChild })).rejects.toThrow(/damaged/);
    await expect(extractFile(broken, 'pdf', opts())).rejects.toThrow(/damaged/);
    const seen: number[] = [];
    await extractFile(fixture('handbook.pdf'), 'pdf', { ...opts(), onProgress: (done) => seen.push(done) });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('reads a scanned pdf through OCR', async () => {
    const out = await extractFile(fixture('scanned.pdf'), 'pdf', opts());
    expect(out.method).toBe('OCR');
    const text = out.sections.map((s) => s.text).join(' ');
    expect(text).toMatch(/ninety days/);
    expect(out.sections[0]?.page).toBe(1);
  });

  it('reads an image through OCR', async () => {
    const out = await extractFile(fixture('notice.png'), 'image', opts());
    expect(out.sections[0]?.text).toMatch(/information desk/);
  });

  it('reads a docx and a pptx, slides and notes with their slide number', async () => {
    const docx = await extractFile(fixture('handbook.docx'), 'docx', opts());
    expect(docx.sections.map((s) => s.text).join('\n')).toMatch(/hydrant system/);
    const pptx = await extractFile(fixture('briefing.pptx'), 'pptx', opts());
    expect(pptx.pages).toBe(2);
    expect(pptx.sections.find((s) => s.text.includes('hangar seven'))?.page).toBe(2);
    expect(pptx.sections.find((s) => s.text.includes('glycol'))?.page).toBe(2);
    expect(pptx.sections.find((s) => s.text.includes('de-icing'))?.page).toBe(1);
  });

  it('refuses encrypted, damaged and empty documents with a clear message', async () => {
    await expect(extractFile(translatorFixture('encrypted.pdf'), 'pdf', opts())).rejects.toThrow(/encrypted/);
    await expect(extractFile(translatorFixture('program.docx'), 'docx', opts())).rejects.toThrow(/damaged|not a docx/);
    await expect(extractFile(translatorFixture('bomb.docx'), 'docx', opts())).rejects.toThrow(/unpacks to far more/);
  });

  it('transcribes spoken English offline with PocketSphinx, labelled as offline', async () => {
    const out = await extractFile(fixture('speech.wav'), 'audio', opts());
    expect(out.offline).toBe(true);
    expect(out.method).toMatch(/offline/);
    // espeak-ng's voice is hard for PocketSphinx; "three" is the key word it reliably hears.
    expect(out.sections[0]?.text).toMatch(/three/);
    expect(out.durationSeconds).toBeGreaterThan(2);
  }, 60_000);

  it('sends the audio track of a video to the configured transcription endpoint as 16 kHz wav', async () => {
    const stt = await startStubStt('Seven passengers, three terminals, nine flights.');
    try {
      const out = await extractFile(fixture('clip.mp4'), 'video', opts({ STT_BASE_URL: stt.url, STT_API_KEY: 'k-1' }));
      expect(out.offline).toBe(false);
      expect(out.sections[0]?.text).toBe('Seven passengers, three terminals, nine flights.');
      expect(stt.calls).toHaveLength(1);
      expect(stt.calls[0]).toMatchObject({ auth: 'Bearer k-1', model: 'whisper-1', fileHead: 'RIFF' });
    } finally {
      await stt.close();
    }
  });

  it('refuses noise and files that are not media', async () => {
    await expect(extractFile(fixture('noise.wav'), 'audio', opts())).rejects.toThrow(/No speech/);
    await expect(extractFile(fixture('handbook.fodt'), 'audio', opts())).rejects.toThrow(/cannot be read|no sound/);
  }, 60_000);
});

describe('external tools', () => {
  it('are stopped at their time limit and capped in output, with a clear message', async () => {
    const started = Date.now();
    await expect(runTool('sleep', ['5'], { timeoutMs: 200 })).rejects.toThrow(/took too long/);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(runTool('yes', [], { timeoutMs: 5000, maxOutputBytes: 10_000 })).rejects.toThrow(/more text/);
    await expect(runTool('no-such-tool-here', [], { timeoutMs: 1000 })).rejects.toThrow(/not installed/);
  });
});
