import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewritePdf } from './rewrite.ts';
import { DAMAGED_PDF, ENCRYPTED_PDF, extractPdfBlocks, pdfPageCount } from './text.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/translation');
const fixture = (name: string) => readFile(path.join(fixtures, name));

describe('pdf text by position and rewriting', () => {
  it('finds blocks on every page and writes translations in place, the original text gone', async () => {
    const bytes = await fixture('pages.pdf');
    expect(await pdfPageCount(bytes)).toBe(3);
    const blocks = await extractPdfBlocks(bytes);
    expect(new Set(blocks.map((b) => b.page))).toEqual(new Set([0, 1, 2]));
    expect(blocks.map((b) => b.text).join(' ')).toContain('The quarterly report shows that revenue increased');
    const out = await rewritePdf(
      bytes,
      blocks,
      blocks.map((b) => `été ${b.text.toUpperCase()}`),
      'fr',
    );
    const text = (await extractPdfBlocks(out)).map((b) => b.text).join(' ');
    expect(text).toContain('été THE QUARTERLY REPORT');
    expect(text).not.toMatch(/The quarterly|Customers can|Chapter two/);
    expect(await pdfPageCount(out)).toBe(3);
  });

  it('draws Japanese with a font that has it', async () => {
    const bytes = await fixture('pages.pdf');
    const blocks = (await extractPdfBlocks(bytes)).slice(0, 1);
    const out = await rewritePdf(bytes, blocks, ['四半期報告書'], 'ja');
    expect((await extractPdfBlocks(out)).map((b) => b.text).join(' ')).toContain('四半期報告書');
  });

  it('says a scanned pdf has no text, and refuses encrypted or damaged ones clearly', async () => {
    expect(await extractPdfBlocks(await fixture('scan.pdf'))).toEqual([]);
    await expect(pdfPageCount(await fixture('encrypted.pdf'))).rejects.toThrow(ENCRYPTED_PDF);
    const damaged = (await fixture('pages.pdf')).subarray(0, 2000);
    await expect(pdfPageCount(damaged)).rejects.toThrow(DAMAGED_PDF);
  });
});

describe('pdf limits: forms, rotation, bold and italic', () => {
  it('removes text drawn inside form XObjects (qpdf --underlay puts the whole page in forms)', async () => {
    const bytes = await fixture('form.pdf');
    const blocks = await extractPdfBlocks(bytes);
    expect(blocks.map((b) => b.text).join(' ')).toContain('Passenger numbers at the airport');
    const out = await rewritePdf(
      bytes,
      blocks,
      blocks.map((_b, i) => `bloque ${i} traducido`),
      'es',
    );
    const text = (await extractPdfBlocks(out)).map((b) => b.text).join(' ');
    expect(text).toContain('bloque 0 traducido');
    expect(text).not.toMatch(/Passenger|Chapter one|quarterly|meeting/);
  });

  it('reads rotated text as one line along its direction and draws its translation at the same angle', async () => {
    const bytes = await fixture('styles.pdf');
    const blocks = await extractPdfBlocks(bytes);
    const rotated = blocks.find((b) => b.text.includes('The meeting has been postponed'))!;
    expect(rotated.text).toBe('The meeting has been postponed');
    expect(rotated.angle).toBeCloseTo(Math.PI / 2, 2);
    const out = await rewritePdf(
      bytes,
      blocks,
      blocks.map((b) => (b === rotated ? 'La reunión ha sido aplazada' : b.text)),
      'es',
    );
    const again = (await extractPdfBlocks(out)).find((b) => b.text.includes('reunión'))!;
    expect(again.text).toBe('La reunión ha sido aplazada');
    expect(again.angle).toBeCloseTo(Math.PI / 2, 2);
    expect(Math.abs(again.x - rotated.x)).toBeLessThan(2);
  });

  it('keeps bold and italic runs mid-sentence through the translation', async () => {
    const bytes = await fixture('styles.pdf');
    const blocks = await extractPdfBlocks(bytes);
    const bold = blocks.find((b) => b.text.startsWith('The quarterly'))!;
    const italic = blocks.find((b) => b.text.startsWith('Customers'))!;
    expect(bold.runs.map((r) => [r.text.trim(), r.bold])).toEqual([
      ['The quarterly report shows that', false],
      ['revenue increased', true],
      ['by twelve percent compared to last year.', false],
    ]);
    expect(italic.runs.find((r) => r.italic)?.text.trim()).toBe('our website');
    const translated = blocks.map((b) =>
      b === bold
        ? ['El informe trimestral muestra que ', 'los ingresos aumentaron ', 'un doce por ciento.']
        : b === italic
          ? ['Los clientes pueden descargarlo desde ', 'nuestro sitio web', ' en minutos.']
          : b.text,
    );
    const out = await rewritePdf(bytes, blocks, translated, 'es');
    const again = await extractPdfBlocks(out);
    const runs = again.flatMap((b) => b.runs).map((r) => [r.text.trim(), r.bold, r.italic]);
    expect(runs).toContainEqual(['los ingresos aumentaron', true, false]);
    expect(runs).toContainEqual(['nuestro sitio web', false, true]);
    expect(runs).toContainEqual(['El informe trimestral muestra que', false, false]);
  });
});
