import { describe, expect, it } from 'vitest';
import { acceptedTypes, checkPickedFiles, downloadName, extensionOf, methodsFor, normalizeFileName } from './file-rules';
import { TEST_CONFIG } from './test/translator-server';

describe('file name rule (spec section 5)', () => {
  it('turns dots other than the extension into dashes and lowercases the extension', () => {
    expect(normalizeFileName('Q3.Report.v2.DOCX')).toBe('Q3-Report-v2.docx');
    expect(normalizeFileName('plain.pdf')).toBe('plain.pdf');
    expect(normalizeFileName('Deck.PpTx')).toBe('Deck.pptx');
    expect(normalizeFileName('noext')).toBe('noext');
  });

  it('reads the extension in lower case', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('.hidden')).toBe('');
  });

  it('names the download from Content-Disposition, else translated_ plus the original name', () => {
    expect(downloadName('fichier.zip', 'report.docx')).toBe('fichier.zip');
    expect(downloadName(null, 'report.docx')).toBe('translated_report.docx');
    expect(downloadName('  ', 'report.docx')).toBe('translated_report.docx');
  });
});

describe('credit rules (spec section 5)', () => {
  it('keeps pdf and every allowed method while credit remains', () => {
    expect(acceptedTypes(TEST_CONFIG, 10)).toEqual(['pptx', 'pdf', 'docx']);
    expect(methodsFor(TEST_CONFIG, 'docx', 10)).toEqual(['GoogleTranslate', 'TranslationHub', 'ChatGPT', 'Offline']);
  });

  it('at 0 or less removes pdf and offers only the methods free then: GoogleTranslate and the offline engine', () => {
    for (const remaining of [0, -5]) {
      expect(acceptedTypes(TEST_CONFIG, remaining)).toEqual(['pptx', 'docx']);
      expect(methodsFor(TEST_CONFIG, 'docx', remaining)).toEqual(['GoogleTranslate', 'Offline']);
    }
    // With only the offline engine set up, a user out of credit still has a method (issue 33 item 7).
    const offlineOnly = { ...TEST_CONFIG, map_options: { pptx: ['Offline' as const], docx: ['Offline' as const] } };
    expect(methodsFor(offlineOnly, 'pptx', 0)).toEqual(['Offline']);
  });

  it("lists the server's types in the spec's order", () => {
    expect(acceptedTypes({ ...TEST_CONFIG, available_types: ['pdf', 'docx', 'pptx'] }, 10)).toEqual(['pptx', 'pdf', 'docx']);
    expect(acceptedTypes({ ...TEST_CONFIG, available_types: ['docx', 'pptx'] }, 10)).toEqual(['pptx', 'docx']);
  });

  it('treats an unknown balance as not exhausted', () => {
    expect(acceptedTypes(TEST_CONFIG, null)).toContain('pdf');
  });
});

describe('picked files', () => {
  const file = (name: string, content = 'x') => new File([content], name);

  it('takes exactly one file of an accepted type, renamed by the rule', () => {
    const check = checkPickedFiles([file('My.Deck.PPTX')], ['pptx', 'docx']);
    expect(check.ok && check.file.name).toBe('My-Deck.pptx');
  });

  it('refuses several files, another type, and an empty file', () => {
    expect(checkPickedFiles([file('a.docx'), file('b.docx')], ['docx'])).toEqual({ ok: false, reason: 'count' });
    expect(checkPickedFiles([file('a.pdf')], ['docx', 'pptx'])).toEqual({ ok: false, reason: 'type' });
    expect(checkPickedFiles([file('setup.exe')], ['docx'])).toEqual({ ok: false, reason: 'type' });
    expect(checkPickedFiles([file('a.docx', '')], ['docx'])).toEqual({ ok: false, reason: 'empty' });
  });
});
