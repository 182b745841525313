import { afterEach, describe, expect, it, vi } from 'vitest';

const apiFetch = vi.fn();
vi.mock('../../../api/client', () => ({ apiFetch: (...args: unknown[]) => apiFetch(...args) }));
const { uploadFile } = await import('./api');

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = {
  uri: 'documents/1/talk.mp3',
  additional_time: 5,
  name: 'talk.mp3',
  file_type: 'audio',
  title: 'talk.mp3',
  extraction: 'pending',
};

afterEach(() => {
  apiFetch.mockReset();
  vi.useRealTimers();
});

describe('uploadFile', () => {
  it('follows a pending upload on upload-status, telling its progress, until it is ready', async () => {
    vi.useFakeTimers();
    apiFetch
      .mockResolvedValueOnce(answer(202, { ...base, total_pages: 0, status: 'pending', progress: null, stage: 'Waiting to be read' }))
      .mockResolvedValueOnce(
        answer(200, { ...base, total_pages: 0, status: 'pending', progress: 0.5, stage: 'Transcribing 1 min of speech' }),
      )
      .mockResolvedValueOnce(answer(200, { ...base, total_pages: 1, status: 'ready', extraction: 'speech to text' }));
    const seen: (string | null)[] = [];
    const done = uploadFile('session-1', new File(['x'], 'talk.mp3'), (p) => seen.push(p.stage));
    await vi.runAllTimersAsync();
    expect(await done).toMatchObject({ status: 'ready', total_pages: 1 });
    expect(seen).toEqual(['Waiting to be read', 'Transcribing 1 min of speech']);
    expect(apiFetch.mock.calls[1]![0]).toBe('/api/multidocs_chat/upload-status?uri=documents%2F1%2Ftalk.mp3');
  });

  it('fails when the extraction fails, and answers a file read within the wait at once', async () => {
    vi.useFakeTimers();
    apiFetch
      .mockResolvedValueOnce(answer(202, { ...base, total_pages: 0, status: 'pending' }))
      .mockResolvedValueOnce(answer(400, { message: 'No speech could be heard in this recording.' }));
    const failing = uploadFile('session-1', new File(['x'], 'noise.wav')).catch((e: Error) => e);
    await vi.runAllTimersAsync();
    expect(await failing).toBeInstanceOf(Error);
    vi.useRealTimers();
    apiFetch.mockResolvedValueOnce(answer(200, { ...base, total_pages: 3, extraction: 'text layer' }));
    expect(await uploadFile('session-1', new File(['x'], 'a.pdf'))).toMatchObject({ status: 'ready', total_pages: 3 });
  });
});
