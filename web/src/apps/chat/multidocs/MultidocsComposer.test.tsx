import { MULTIDOCS_PLACEHOLDER, MULTIDOCS_UNSUPPORTED_WARNING } from '@hangar/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { AnalyseLinksModal } from './AnalyseLinksModal';
import { MultidocsAnswer, type MultidocsAnswerView } from './MultidocsAnswer';
import { MultidocsComposer, type MultidocsComposerApi } from './MultidocsComposer';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const pdf = () => new File(['%PDF-1.4'], 'A very long annual budget report name for 2026.pdf', { type: 'application/pdf' });

let listed: { uri: string; total_pages: number; additional_time: number; title: string }[] = [];

function setup() {
  const upload = deferred<{ uri: string; total_pages: number; additional_time: number; title: string }>();
  const api: MultidocsComposerApi = {
    uploadFile: vi.fn(() => upload.promise),
    scrapeUrl: vi.fn(async (url: string) => ({ uri: 'links/1', total_pages: 2, additional_time: 0, title: url })),
    transcribe: vi.fn(async () => ({ answer: 'hello' })),
    remove: vi.fn(async () => {}),
    list: vi.fn(async () => listed),
  };
  const onSend = vi.fn();
  render(<MultidocsComposer api={api} busy={false} onSend={onSend} />);
  return { api, onSend, upload };
}

describe('MultidocsComposer', () => {
  it('blocks sending while a picked file uploads, then shows it truncated with its pages and sends its uri', async () => {
    const { api, onSend, upload } = setup();
    const box = screen.getByPlaceholderText(MULTIDOCS_PLACEHOLDER);
    fireEvent.change(box, { target: { value: 'What is the budget?' } });
    fireEvent.change(screen.getByTestId('multidocs-file'), { target: { files: [pdf()] } });
    expect(api.uploadFile).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Uploading')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    upload.resolve({ uri: 'docs/report.pdf', total_pages: 30, additional_time: 0, title: pdf().name });
    await waitFor(() => expect(send.disabled).toBe(false));
    expect(screen.getByText('A very long annual budget report na…')).toBeTruthy();
    expect(screen.getByText('· 30 p.')).toBeTruthy();
    expect(screen.getByTestId('multidocs-estimate').textContent).toContain('10 s');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({
      text: 'What is the budget?',
      texts: [{ uri: 'docs/report.pdf' }, { text: 'What is the budget?' }],
      totalPages: 30,
      additionalTime: 0,
    });
  });

  it('shows what the server is doing with a file it reads in the background, and keeps sending blocked until it is ready', async () => {
    const { api, upload } = setup();
    fireEvent.change(screen.getByPlaceholderText(MULTIDOCS_PLACEHOLDER), { target: { value: 'What was said?' } });
    fireEvent.change(screen.getByTestId('multidocs-file'), { target: { files: [pdf()] } });
    const report = vi.mocked(api.uploadFile).mock.calls[0]![1]!;
    act(() => report({ progress: null, stage: 'Transcribing 2 min of speech' }));
    expect(screen.getByTestId('attachment-progress').textContent).toBe('· Transcribing 2 min of speech');
    act(() => report({ progress: 0.42, stage: 'Reading pages' }));
    expect(screen.getByTestId('attachment-progress').textContent).toBe('· Reading pages · 42%');
    expect(screen.getByLabelText('Uploading')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    upload.resolve({ uri: 'docs/talk.pdf', total_pages: 3, additional_time: 2, title: 'talk.pdf' });
    await waitFor(() => expect(screen.queryByTestId('attachment-progress')).toBeNull());
    expect(screen.getByText('· 3 p.')).toBeTruthy();
  });

  it('uploads pasted and dropped files, and refuses another type with the warning', () => {
    const { api } = setup();
    const box = screen.getByPlaceholderText(MULTIDOCS_PLACEHOLDER);
    fireEvent.paste(box, { clipboardData: { files: [pdf()] } });
    expect(api.uploadFile).toHaveBeenCalledTimes(1);
    fireEvent.drop(screen.getByTestId('multidocs-composer'), { dataTransfer: { files: [pdf()] } });
    expect(api.uploadFile).toHaveBeenCalledTimes(2);
    fireEvent.drop(screen.getByTestId('multidocs-composer'), {
      dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(api.uploadFile).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe(MULTIDOCS_UNSUPPORTED_WARNING);
  });

  it("opens with the session's attachments still on the server, which count in the estimate and are sent", async () => {
    listed = [{ uri: 'docs/kept.pdf', total_pages: 30, additional_time: 2, title: 'kept.pdf' }];
    const { api, onSend } = setup();
    listed = [];
    expect(api.list).toHaveBeenCalledTimes(1);
    await screen.findByText('· 30 p.');
    expect(screen.getByText('kept.pdf')).toBeTruthy();
    expect(screen.getByTestId('multidocs-estimate').textContent).toContain('12 s');
    const box = screen.getByPlaceholderText(MULTIDOCS_PLACEHOLDER);
    fireEvent.change(box, { target: { value: 'Still there?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ texts: [{ uri: 'docs/kept.pdf' }, { text: 'Still there?' }] }));
  });

  it('deletes a removed attachment on the server, also one removed while it was uploading', async () => {
    const { api, upload } = setup();
    fireEvent.change(screen.getByTestId('multidocs-file'), { target: { files: [pdf()] } });
    // Removed while pending: nothing to delete yet, then its uri is deleted once the upload answers.
    fireEvent.click(screen.getByRole('button', { name: `Remove ${pdf().name}` }));
    expect(api.remove).not.toHaveBeenCalled();
    upload.resolve({ uri: 'docs/gone.pdf', total_pages: 1, additional_time: 0, title: pdf().name });
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('docs/gone.pdf'));
    expect(screen.queryByText('· 1 p.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Analyse links' }));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://example.org/page' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse link' }));
    await screen.findByText('· 2 p.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove https://example.org/page' }));
    expect(api.remove).toHaveBeenLastCalledWith('links/1');
    expect(screen.queryByText('· 2 p.')).toBeNull();
  });

  it("says why a refused file or link failed, in the server's words, and the failed chip can be removed", async () => {
    const { api } = setup();
    const encrypted = 'This pdf is encrypted (password protected): remove the protection and send it again.';
    const inside = 'This link points inside the network, which the portal does not read.';
    vi.mocked(api.uploadFile).mockRejectedValueOnce(new ApiError(400, 'Bad Request', encrypted));
    vi.mocked(api.scrapeUrl).mockRejectedValueOnce(new ApiError(400, 'Bad Request', inside));
    fireEvent.change(screen.getByTestId('multidocs-file'), { target: { files: [pdf()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse links' }));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'http://10.0.0.7/wiki' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse link' }));
    await waitFor(() => expect(screen.getAllByTestId('attachment-error')).toHaveLength(2));
    const errors = screen.getAllByTestId('attachment-error').map((e) => e.textContent);
    expect(errors).toEqual([`· ${encrypted}`, `· ${inside}`]);
    expect(screen.queryByText('· failed')).toBeNull();
    // A failure the server did not word (the network) still says what to do.
    vi.mocked(api.uploadFile).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.change(screen.getByTestId('multidocs-file'), {
      target: { files: [new File(['%PDF'], 'b.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(screen.getAllByTestId('attachment-error')).toHaveLength(3));
    expect(screen.getAllByTestId('attachment-error')[2]!.textContent).toBe('· It could not be sent: check your connection and try again.');

    fireEvent.click(screen.getByRole('button', { name: `Remove ${pdf().name}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove http://10.0.0.7/wiki' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    expect(screen.queryAllByTestId('attachment-error')).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    // Nothing was stored for them, so nothing is deleted on the server.
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('asks over the selected attachments only: one, or all of them', async () => {
    listed = [
      { uri: 'docs/budget.pdf', total_pages: 30, additional_time: 2, title: 'budget.pdf' },
      { uri: 'docs/staff.pdf', total_pages: 100, additional_time: 2, title: 'staff.pdf' },
    ];
    const { onSend } = setup();
    listed = [];
    const budget = (await screen.findByRole('checkbox', { name: 'Ask about budget.pdf' })) as HTMLInputElement;
    const staff = screen.getByRole('checkbox', { name: 'Ask about staff.pdf' }) as HTMLInputElement;
    const all = screen.getByRole('checkbox', { name: 'All files' }) as HTMLInputElement;
    // New and listed attachments start selected: a question goes over all of them.
    expect([budget.checked, staff.checked, all.checked]).toEqual([true, true, true]);
    const box = screen.getByPlaceholderText(MULTIDOCS_PLACEHOLDER);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

    fireEvent.click(staff);
    expect(all.checked).toBe(false);
    // The estimate counts what the question reads: 30 pages and 2 s.
    expect(screen.getByTestId('multidocs-estimate').textContent).toContain('12 s');
    fireEvent.change(box, { target: { value: 'What is the budget?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenLastCalledWith({
      text: 'What is the budget?',
      texts: [{ uri: 'docs/budget.pdf' }, { text: 'What is the budget?' }],
      totalPages: 30,
      additionalTime: 2,
    });

    // None selected: nothing to ask about, and the button says so.
    fireEvent.click(budget);
    fireEvent.change(box, { target: { value: 'And the staff?' } });
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Select one or all files to ask about');
    fireEvent.click(all);
    expect([budget.checked, staff.checked]).toEqual([true, true]);
    fireEvent.click(send);
    expect(onSend).toHaveBeenLastCalledWith(
      expect.objectContaining({
        texts: [{ uri: 'docs/budget.pdf' }, { uri: 'docs/staff.pdf' }, { text: 'And the staff?' }],
        totalPages: 130,
      }),
    );
  });

  it('shows Stop instead of Send while an answer streams with a known id, and Stop calls back', () => {
    const api = { uploadFile: vi.fn(), scrapeUrl: vi.fn(), transcribe: vi.fn(), remove: vi.fn(), list: vi.fn(async () => []) };
    const onStop = vi.fn();
    const { rerender } = render(<MultidocsComposer api={api} busy onSend={vi.fn()} />);
    // Busy before the answer's id is known: a spinner, nothing to stop yet.
    expect(screen.queryByRole('button', { name: 'Stop the answer' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<MultidocsComposer api={api} busy onSend={vi.fn()} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop the answer' }));
    expect(onStop).toHaveBeenCalledOnce();
    rerender(<MultidocsComposer api={api} busy={false} onSend={vi.fn()} onStop={onStop} />);
    expect(screen.queryByRole('button', { name: 'Stop the answer' })).toBeNull();
  });

  it('analyses a link through the Analyse Links modal', async () => {
    const { api } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Analyse links' }));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://example.org/page' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse link' }));
    expect(api.scrapeUrl).toHaveBeenCalledWith('https://example.org/page');
    await waitFor(() => expect(screen.getByText('https://example.org/page')).toBeTruthy());
  });
});

describe('AnalyseLinksModal', () => {
  it('enables "Analyse link" only for a non-empty input', () => {
    const onAnalyse = vi.fn();
    render(<AnalyseLinksModal onAnalyse={onAnalyse} onClose={() => {}} />);
    const button = screen.getByRole('button', { name: 'Analyse link' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://a.example' } });
    expect(button.disabled).toBe(false);
  });
});

const view = (change: Partial<MultidocsAnswerView> = {}): MultidocsAnswerView => ({
  preview: '',
  previewFailed: false,
  answer: '',
  citations: [],
  failed: false,
  loading: false,
  ...change,
});

describe('MultidocsAnswer', () => {
  it('renders the preview above the answer, with [n] linking to the cited PDF page', () => {
    const state = view({
      preview: 'Passage from page 4',
      answer: 'The budget is 2 M€ [1], see also [2] and [9].',
      citations: [
        { n: 1, uri: 'docs/r.pdf', name: 'r.pdf', page: 4, url: null, excerpt: '' },
        { n: 2, uri: 'links/1', name: 'Page', page: null, url: 'https://example.org/a', excerpt: '' },
      ],
    });
    render(<MultidocsAnswer view={state} />);
    const preview = screen.getByTestId('multidocs-preview');
    const reply = screen.getByTestId('multidocs-reply');
    expect(preview.compareDocumentPosition(reply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(preview.style.maxHeight).toBe('400px');
    expect(screen.getByRole('link', { name: '[1]' }).getAttribute('href')).toBe('/pdf?uri=docs%2Fr.pdf&page=4');
    expect(screen.getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('https://example.org/a');
    expect(screen.queryByRole('link', { name: '[9]' })).toBeNull();
  });

  it('a citation whose file was deleted names it but opens nothing', () => {
    const state = view({
      answer: 'Kept ninety days [1].',
      citations: [{ n: 1, uri: 'docs/r.pdf', name: 'r.pdf', page: 4, url: null, excerpt: '', removed: true }],
    });
    render(<MultidocsAnswer view={state} />);
    expect(screen.queryByRole('link', { name: '[1]' })).toBeNull();
    expect(screen.getByText('[1]').getAttribute('title')).toContain('r.pdf: this file was deleted');
  });

  it('a docx citation, which has no page to open, names its section', () => {
    const state = view({
      answer: 'Kept ninety days [1].',
      citations: [{ n: 1, uri: 'docs/h.docx', name: 'handbook.docx', page: null, heading: 'Lost property', url: null, excerpt: '' }],
    });
    render(<MultidocsAnswer view={state} />);
    expect(screen.queryByRole('link', { name: '[1]' })).toBeNull();
    expect(screen.getByText('[1]').getAttribute('title')).toBe("handbook.docx, section 'Lost property'");
  });

  it('shows errors with the spec text', () => {
    render(<MultidocsAnswer view={view({ failed: true })} />);
    expect(screen.getByRole('alert').textContent).toBe('An Error has occurred');
  });
});
