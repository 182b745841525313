import { MULTIDOCS_SEND_ERROR, type MultidocsCitation } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { DualStreamParser } from './dual-stream';
import { type Attachment, acceptFiles, citationHref, estimateLabel, pendingLabel, sendBlockedReason, shownName } from './rules';

const uploaded = (pages: number, additionalTime = 0): Attachment => ({
  id: `a${pages}`,
  name: 'a.pdf',
  status: 'uploaded',
  uri: 'u',
  pages,
  additionalTime,
});

describe('composer rules', () => {
  it('labels a file the server reads in the background with its stage and share done', () => {
    expect(pendingLabel({ stage: 'Reading pages', progress: 0.256 })).toBe('Reading pages · 26%');
    expect(pendingLabel({ stage: 'Transcribing 3 min of speech', progress: null })).toBe('Transcribing 3 min of speech');
    expect(pendingLabel({})).toBeNull();
  });

  it('truncates names longer than 35 characters and keeps shorter ones', () => {
    expect(shownName('a'.repeat(35))).toBe('a'.repeat(35));
    expect(shownName(`${'b'.repeat(35)}.pdf`)).toBe(`${'b'.repeat(35)}…`);
  });

  it('blocks sending while an attachment is pending, while recording or transcribing, and without text', () => {
    const base = { text: 'What is the budget?', attachments: [uploaded(3)], recording: false, transcribing: false };
    expect(sendBlockedReason(base)).toBeNull();
    expect(
      sendBlockedReason({ ...base, attachments: [...base.attachments, { id: 'p', name: 'b.pdf', status: 'pending' }] }),
    ).not.toBeNull();
    expect(sendBlockedReason({ ...base, recording: true })).not.toBeNull();
    expect(sendBlockedReason({ ...base, transcribing: true })).not.toBeNull();
    expect(sendBlockedReason({ ...base, text: '   ' })).not.toBeNull();
  });

  it('shows the estimate in seconds under a minute, else in minutes, counting uploaded attachments only', () => {
    expect(estimateLabel([])).toBe('5 s');
    expect(estimateLabel([uploaded(30)])).toBe('10 s');
    expect(estimateLabel([uploaded(220, 100)])).toBe('2 min');
    expect(estimateLabel([{ id: 'p', name: 'x', status: 'pending', pages: 220 }])).toBe('5 s');
  });

  it('refuses a batch holding a file of another type', () => {
    const pdf = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
    const exe = new File(['x'], 'tool.exe', { type: 'application/octet-stream' });
    expect(acceptFiles([pdf])).toEqual({ accepted: [pdf], refused: false });
    expect(acceptFiles([pdf, exe]).refused).toBe(true);
  });

  it('sends document citations to the PDF viewer at their page and link citations to their address', () => {
    const doc: MultidocsCitation = { n: 1, uri: 'docs/ab c.pdf', name: 'ab c.pdf', page: 4, url: null, excerpt: '' };
    expect(citationHref(doc)).toBe('/pdf?uri=docs%2Fab+c.pdf&page=4');
    expect(citationHref({ ...doc, page: null, url: 'https://example.org/a' })).toBe('https://example.org/a');
    expect(citationHref({ ...doc, page: null })).toBeNull();
  });
});

const line = (o: object) => `data: ${JSON.stringify(o)}\n`;

describe('DualStreamParser', () => {
  it('builds the preview and the answer from their events, however the lines are split', () => {
    const whole = [
      line({ type: 'preview_start' }),
      line({ type: 'preview_chunk', content: 'Page 4: budget ' }),
      line({ type: 'heartbeat' }),
      line({ type: 'preview_chunk', content: 'is 2 M€' }),
      line({ type: 'preview_end', citations: [{ n: 1, uri: 'u', name: 'a.pdf', page: 4, url: null, excerpt: 'x' }] }),
      line({ type: 'ask_start' }),
      line({ type: 'ask_chunk', content: 'It is 2 M€ [1].' }),
      line({ type: 'ask_end', title: 'Budget' }),
      line({ type: 'total_credit', content: 0.25 }),
      line({ type: 'stream_complete' }),
    ].join('');
    for (const cut of [1, 7, 40, 111, whole.length - 3]) {
      const parser = new DualStreamParser();
      parser.push(whole.slice(0, cut));
      parser.push(whole.slice(cut));
      const s = parser.end();
      expect(s.preview).toBe('Page 4: budget is 2 M€');
      expect(s.answer).toBe('It is 2 M€ [1].');
      expect(s.citations.map((c) => c.page)).toEqual([4]);
      expect(s).toMatchObject({ title: 'Budget', credit: 0.25, done: true, previewError: null, answerError: null });
    }
  });

  it('shows the spec text for preview, ask and global errors and ignores malformed lines', () => {
    const parser = new DualStreamParser();
    parser.push('data: {not json\n');
    parser.push(line({ type: 'preview_error', error: 'vector store down' }));
    expect(parser.state.previewError).toBe(MULTIDOCS_SEND_ERROR);
    expect(parser.state.answerError).toBeNull();
    parser.push(line({ type: 'global_error', error: 'boom' }));
    expect(parser.end().answerError).toBe(MULTIDOCS_SEND_ERROR);
  });
});
