import { CHAT_CREDIT_MARKER as CREDIT, CHAT_ERROR_MARKER as ERROR } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { AnswerStreamParser, readAnswerStream } from './stream';

function parse(chunks: readonly string[]) {
  const parser = new AnswerStreamParser();
  const seen: string[] = [];
  for (const chunk of chunks) seen.push(parser.push(chunk).text);
  return { final: parser.end(), seen };
}

/** Every way of cutting `whole` into three pieces. */
function* splits3(whole: string) {
  for (let i = 0; i <= whole.length; i++)
    for (let j = i; j <= whole.length; j++) yield [whole.slice(0, i), whole.slice(i, j), whole.slice(j)];
}

describe('AnswerStreamParser', () => {
  it('streams text, then reads the cost and the title from the credit chunk', () => {
    const { final, seen } = parse(['Hello', ' world', `${CREDIT}12.5##Trip to Lisbon`]);
    expect(seen).toEqual(['Hello', 'Hello world', 'Hello world']);
    expect(final).toEqual({ text: 'Hello world', error: null, credit: 12.5, title: 'Trip to Lisbon', complete: true });
  });

  it('gives the same result however the markers are split across chunks', () => {
    const whole = `Part one. ${ERROR}Upstream failed. ${CREDIT}0.125##Ops ## notes`;
    for (const pieces of splits3(whole)) {
      const { final } = parse(pieces);
      expect(final, JSON.stringify(pieces)).toEqual({
        text: 'Part one. ',
        error: 'Upstream failed.',
        credit: 0.125,
        title: 'Ops ## notes',
        complete: true,
      });
    }
  });

  it('never shows a partial marker as answer text', () => {
    const { seen } = parse(['Answer', CREDIT.slice(0, 3), CREDIT.slice(3, 7), `${CREDIT.slice(7)}1##T`]);
    for (const text of seen) expect(text).toBe('Answer');
  });

  it('keeps text that only looked like the start of a marker', () => {
    const { final, seen } = parse(['Email me @@', 'soon', `@@${CREDIT}2##T`]);
    expect(seen[0]).toBe('Email me ');
    expect(seen[1]).toBe('Email me @@soon');
    expect(final.text).toBe('Email me @@soon@@');
  });

  it('reports an in-band error with the text before it', () => {
    const { final } = parse(['Partial answer', `${ERROR}Internal server error. Please try again later.`, `${CREDIT}0.2##Title`]);
    expect(final.text).toBe('Partial answer');
    expect(final.error).toBe('Internal server error. Please try again later.');
    expect(final.credit).toBe(0.2);
  });

  it('is incomplete without the credit chunk, and flushes a held tail at the end', () => {
    const { final } = parse(['Cut off @', '@CRE']);
    expect(final).toEqual({ text: 'Cut off @@CRE', error: null, credit: null, title: null, complete: false });
  });

  it('tolerates a credit chunk without a title or with a bad cost', () => {
    expect(parse([`A${CREDIT}3`]).final).toMatchObject({ text: 'A', credit: 3, title: null, complete: true });
    expect(parse([`A${CREDIT}abc##  `]).final).toMatchObject({ credit: null, title: null, complete: true });
  });
});

describe('readAnswerStream', () => {
  it('decodes UTF-8 split inside a character and reports each step', async () => {
    const bytes = new TextEncoder().encode(`Café ✈ ok${CREDIT}1.5##Vol`);
    const cut = 4; // inside "é"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const updates: string[] = [];
    const final = await readAnswerStream(body, (s) => updates.push(s.text));
    expect(updates).toEqual(['Caf', 'Café ✈ ok']);
    expect(final).toMatchObject({ text: 'Café ✈ ok', credit: 1.5, title: 'Vol', complete: true });
  });
});
