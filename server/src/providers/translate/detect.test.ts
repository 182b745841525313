import { describe, expect, it } from 'vitest';
import { apertiumRoute } from './apertium.ts';
import { detectLanguage } from './detect.ts';
import { batches, checkSegments } from './engine.ts';

describe('offline helpers', () => {
  it('tells the source language of a document apart', () => {
    expect(detectLanguage('The report shows that the revenue of the company is growing.')).toBe('en');
    expect(detectLanguage('El informe muestra que los ingresos de la empresa crecen.')).toBe('es');
    expect(detectLanguage('Le rapport montre que les revenus de la société sont en hausse.')).toBe('fr');
    expect(detectLanguage('O relatório mostra que os rendimentos da empresa não param de crescer.')).toBe('pt');
  });

  it('routes through Spanish where no direct pair exists, and not at all for Japanese', () => {
    expect(apertiumRoute('en', 'es')).toEqual(['eng-spa']);
    expect(apertiumRoute('en', 'fr')).toEqual(['eng-spa', 'es-fr']);
    expect(apertiumRoute('pt', 'en')).toEqual(['pt-es', 'spa-eng']);
    expect(apertiumRoute('fr', 'pt')).toEqual(['fr-es', 'es-pt']);
    expect(apertiumRoute('en', 'ja')).toBeNull();
  });

  it('treats empty or missing output as a failure and batches by size', () => {
    expect(() => checkSegments(['a', 'b'], ['x'], 'E')).toThrow(/1 segments for 2/);
    expect(() => checkSegments(['a'], [' '], 'E')).toThrow(/empty/);
    expect(batches(['aaa', 'bb', 'c', 'dddd'], 5)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});
