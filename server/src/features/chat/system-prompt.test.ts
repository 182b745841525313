import { describe, expect, it } from 'vitest';
import { measureInstructions, systemPrompt, systemPromptChars } from './system-prompt.ts';

describe('systemPromptChars', () => {
  it('gives what the instructions measure for any name and day', () => {
    const days = [new Date('2026-01-01T00:00:00Z'), new Date('2026-11-25T23:59:59Z'), new Date('1999-12-31T12:00:00Z')];
    for (const name of ['', 'Ana', 'Jean-Baptiste de la Tour-Montclair', 'Zoë Łukasiewicz 山田']) {
      for (const day of days) expect(systemPromptChars(name)).toEqual(measureInstructions(name, day));
    }
  });

  it('bounds the instructions in every answer language, and a context adds its text plus contextExtra', () => {
    const { plain, contextExtra } = systemPromptChars('Marie Curie');
    const today = new Date();
    const lengths = (['EN', 'ES', 'FR', 'PT', 'JA'] as const).map(
      (language) => systemPrompt({ language, context: '', userName: 'Marie Curie', today }).length,
    );
    expect(Math.max(...lengths)).toBe(plain);
    const context = 'I plan runway maintenance.';
    expect(systemPrompt({ language: 'EN', context, userName: 'Marie Curie', today }).length).toBe(
      lengths[0]! + contextExtra + context.length,
    );
  });
});
