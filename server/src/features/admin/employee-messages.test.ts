import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRANSLATION_METHODS } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type ProviderKind, providerConfigured } from '../../providers/llm/catalogue.ts';
import { offlineAnswer } from '../chat/offline.ts';
import { creditAllows } from '../translation/catalogue.ts';
import { methodUnavailable } from '../translation/engines.ts';

// Issue 33 item 6: configuration keys reached every employee (model cards, translator cards,
// sentiment engines, the offline chat's refusal). What a user reads when an engine is not set up is
// a plain sentence; the keys are on the administrators' Services page (services.test.ts).

const KEY = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
const nothingSet = loadConfig({ HANGAR_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hangar-msg-')), PATH: '' });
const KINDS: ProviderKind[] = ['openai', 'azure', 'mistral', 'google', 'openai-compatible'];

describe('what employees read when an engine is not set up', () => {
  it('a chat model provider: "not set up on this portal (ask your administrator)"', () => {
    for (const kind of KINDS) {
      const reason = providerConfigured(kind, nothingSet);
      expect(reason, kind).toMatch(/is not set up on this portal \(ask your administrator\)$/);
      expect(reason, kind).not.toMatch(KEY);
    }
  });

  it('a translation method', () => {
    for (const method of TRANSLATION_METHODS) {
      const why = methodUnavailable(method, nothingSet);
      if (why === null) continue; // the offline engine where Apertium is installed
      expect(why, method).toMatch(/ask your administrator/);
      expect(why, method).not.toMatch(KEY);
    }
    for (const method of TRANSLATION_METHODS) expect(creditAllows(method, 'docx', 0) ?? '', method).not.toMatch(KEY);
  });

  it("the offline assistant's answer", () => {
    const answer = offlineAnswer('How many passengers in October?');
    expect(answer).toContain('ask your administrator');
    expect(answer).toContain('Data Analytics › Services');
    expect(answer).not.toMatch(KEY);
  });
});
