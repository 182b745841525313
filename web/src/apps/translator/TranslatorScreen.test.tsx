import { TRANSLATION_ERROR_TEXT } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { TranslatorScreen } from './TranslatorScreen';
import { docx, JOB_ID, job, SESSION_ID, TEST_CONFIG, translatorServer, usage } from './test/translator-server';

let downloads: string[];

beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:translated');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fileInput = () => screen.getByLabelText('Choose a file to translate') as HTMLInputElement;
const methodSelect = () => screen.getByLabelText('Method') as HTMLSelectElement;
const targetSelect = () => screen.getByLabelText('Translation language') as HTMLSelectElement;
const pick = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const optionValues = (select: HTMLSelectElement) => [...select.options].filter((o) => o.value && !o.disabled).map((o) => o.value);

async function ready(props: Parameters<typeof TranslatorScreen>[0] = {}) {
  const view = renderWithProviders(<TranslatorScreen {...props} />);
  await screen.findByLabelText('Choose a file to translate');
  return view;
}

async function chooseAll(file = docx(), method = 'Offline', target = 'ES') {
  pick(file);
  fireEvent.change(methodSelect(), { target: { value: method } });
  fireEvent.change(targetSelect(), { target: { value: target } });
}

describe('the screen', () => {
  it('welcomes with the 20-page limit, whom to contact, and the methods with their marks and reasons', async () => {
    translatorServer();
    await ready();
    expect(screen.getByText('Documents are limited to 20 pages. For a longer document, contact the platform team.')).toBeTruthy();
    const premium = screen.getByTestId('translator-method-TranslationHub');
    expect(premium.textContent).toContain('5/5');
    expect(premium.textContent).toContain('strategic content');
    expect(premium.textContent).toContain(
      'Unavailable: The premium translation service is not set up on this portal (ask your administrator).',
    );
    expect(screen.getByTestId('translator-method-ChatGPT').textContent).toContain('2/5');
    expect(screen.getByTestId('translator-method-Offline').textContent).toContain('Offline draft');
    expect(screen.getByText('Drag and drop your file here, or click to select your file')).toBeTruthy();
    expect(screen.getByTestId('translator-accepted').textContent).toBe('pptx, pdf, docx');
    expect(screen.getByTestId('translator-selected').textContent).toBe('none');
    expect(fileInput().accept).toBe('.pptx,.pdf,.docx');
  });

  it('renames the picked file by the spec rule and shows it as the selected file', async () => {
    const server = translatorServer();
    await ready();
    pick(docx('Q3.Board.Report.DOCX'));
    expect(screen.getByTestId('translator-selected').textContent).toBe('Q3-Board-Report.docx');
    fireEvent.change(methodSelect(), { target: { value: 'Offline' } });
    await waitFor(() => expect(server.keys()).toContain('POST /api/translation/document'));
    const estimate = server.calls.find((c) => c.key === 'POST /api/translation/document');
    expect((estimate?.form?.get('file') as File | undefined)?.name).toBe('Q3-Board-Report.docx');
    expect(estimate?.form?.get('method')).toBe('Offline');
    expect(estimate?.form?.get('id_session')).toBe(SESSION_ID);
  });

  it('takes a pasted file', async () => {
    translatorServer();
    await ready();
    fireEvent.paste(methodSelect(), { clipboardData: { files: [docx('Pasted.Notes.docx')] } });
    expect(screen.getByTestId('translator-selected').textContent).toBe('Pasted-Notes.docx');
  });

  it('refuses two files or another type in the red box, and keeps nothing', async () => {
    translatorServer();
    await ready();
    pick(docx('a.docx'), docx('b.docx'));
    expect(screen.getByRole('alert').textContent).toBe('Drop one file at a time.');
    pick(new File(['MZ'], 'setup.exe'));
    expect(screen.getByRole('alert').textContent).toBe('Only pptx, pdf, docx files are accepted.');
    expect(screen.getByTestId('translator-selected').textContent).toBe('none');
  });

  it('disables unavailable methods with their reason, and asks the original language only for GoogleTranslate', async () => {
    translatorServer();
    await ready();
    pick(docx());
    const premium = [...methodSelect().options].find((o) => o.value === 'TranslationHub');
    expect(premium?.disabled).toBe(true);
    expect(premium?.textContent).toContain('not set up on this portal (ask your administrator)');
    expect(screen.queryByLabelText('Original language')).toBeNull();
    fireEvent.change(methodSelect(), { target: { value: 'GoogleTranslate' } });
    const source = screen.getByLabelText('Original language') as HTMLSelectElement;
    expect(source.options[0]?.textContent).toBe('Select original language');
    fireEvent.change(methodSelect(), { target: { value: 'Offline' } });
    expect(screen.queryByLabelText('Original language')).toBeNull();
    // Offline has no Japanese: said, not offered.
    expect(optionValues(targetSelect())).toEqual(['EN', 'FR', 'ES', 'PT']);
    expect(screen.getByText('Not available with this method: Japanese.')).toBeTruthy();
  });
});

describe('the Translate button', () => {
  it('shows only once file, method and target are chosen, then reads Translate | N credit', async () => {
    translatorServer({ 'POST /api/translation/document': () => jsonResponse(usage({ usage: 11.6, pages: 4 })) });
    await ready();
    expect(methodSelect().options[0]?.textContent).toBe('Select a method');
    expect(targetSelect().options[0]?.textContent).toBe('Select translation language');
    pick(docx());
    expect(screen.queryByRole('button', { name: /Translate/ })).toBeNull();
    fireEvent.change(methodSelect(), { target: { value: 'Offline' } });
    expect(screen.queryByRole('button', { name: /Translate/ })).toBeNull();
    fireEvent.change(targetSelect(), { target: { value: 'ES' } });
    expect(await screen.findByRole('button', { name: 'Translate | 12 credit' })).toBeTruthy();
    expect(screen.getByTestId('translator-usage').textContent).toContain('4 pages');
  });

  it('reads "Too much pages in file" and stays disabled over the method limit', async () => {
    const server = translatorServer({ 'POST /api/translation/document': () => jsonResponse(usage({ pages: 25, page_limit: 20 })) });
    await ready();
    await chooseAll(docx(), 'GoogleTranslate', 'FR');
    const button = await screen.findByRole('button', { name: 'Too much pages in file' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(server.keys()).not.toContain('POST /api/translation');
  });

  it('a new file resets the method, the usage and the pages', async () => {
    translatorServer();
    await ready();
    await chooseAll();
    await screen.findByRole('button', { name: 'Translate | 12 credit' });
    pick(docx('other.docx'));
    expect(methodSelect().value).toBe('');
    expect(screen.queryByTestId('translator-usage')).toBeNull();
    expect(screen.queryByRole('button', { name: /Translate/ })).toBeNull();
    expect(screen.getByTestId('translator-selected').textContent).toBe('other.docx');
  });
});

describe('credit at zero (spec section 5, issue 33 item 7)', () => {
  it('offers only the methods free at zero credit (GoogleTranslate and the offline engine) and no longer accepts pdf', async () => {
    translatorServer();
    await ready({ remainingCredit: 0 });
    expect(screen.getByTestId('translator-no-credit').textContent).toContain('only Google Translate and the offline draft can be used');
    expect(screen.getByTestId('translator-accepted').textContent).toBe('pptx, docx');
    expect(fileInput().accept).toBe('.pptx,.docx');
    pick(new File(['%PDF-1.7'], 'deck.pdf'));
    expect(screen.getByRole('alert').textContent).toBe('Only pptx, docx files are accepted.');
    pick(docx());
    expect([...methodSelect().options].map((o) => o.value)).toEqual(['', 'GoogleTranslate', 'Offline']);
  });

  it('with only the offline engine set up, a user out of credit still translates with it', async () => {
    const server = translatorServer({
      [`GET /api/translation/config/${SESSION_ID}`]: () =>
        jsonResponse({
          ...TEST_CONFIG,
          remaining_credit: 0,
          available_types: ['pptx', 'docx'],
          map_options: { pptx: ['Offline'], docx: ['Offline'] },
          methods: TEST_CONFIG.methods.map((m) => (m.method === 'Offline' ? m : { ...m, available: false, why: 'Not set up.' })),
        }),
      'POST /api/translation': () =>
        jsonResponse(job({ state: 'done', progress: 1, download_url: `/api/translation/jobs/${JOB_ID}/file` })),
      [`GET /api/translation/jobs/${JOB_ID}/file`]: () => new Response(new Blob(['translated']), { status: 200 }),
    });
    await ready({ remainingCredit: 0 });
    pick(docx());
    expect(optionValues(methodSelect())).toEqual(['Offline']);
    await chooseAll(docx(), 'Offline', 'ES');
    fireEvent.click(await screen.findByRole('button', { name: /^Translate/ }));
    await waitFor(() => expect(server.keys()).toContain('POST /api/translation'));
  });

  it('drops a paid method picked before the balance reached zero', async () => {
    translatorServer();
    const view = await ready({ remainingCredit: 5 });
    await chooseAll(docx(), 'ChatGPT', 'ES');
    view.rerender(<TranslatorScreen remainingCredit={0} />);
    await waitFor(() => expect(methodSelect().value).toBe(''));
    expect(screen.queryByRole('button', { name: /Translate/ })).toBeNull();
  });
});

describe('a translation', () => {
  it('sends the fields, shows Loading... with the job progress, then downloads by itself with the original-name rule', async () => {
    let polls = 0;
    const server = translatorServer({
      'POST /api/translation': () => jsonResponse(job({ state: 'queued', progress: 0, step: 'Waiting for a worker' }), 202),
      [`GET /api/translation/jobs/${JOB_ID}`]: () => {
        polls += 1;
        return jsonResponse(
          polls === 1
            ? job({ progress: 0.5, step: 'Translating 2 of 4 blocks' })
            : job({ state: 'done', progress: 1, step: 'Done', download_url: `/api/translation/jobs/${JOB_ID}/file` }),
        );
      },
      [`GET /api/translation/jobs/${JOB_ID}/file`]: () => new Response(new Blob(['translated']), { status: 200 }),
    });
    const credits = vi.fn();
    await ready({ onCreditsChanged: credits });
    await chooseAll(docx('Board.Pack.DOCX'), 'GoogleTranslate', 'FR');
    fireEvent.change(screen.getByLabelText('Original language'), { target: { value: 'EN' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Translate | 12 credit' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeTruthy();
    expect((await screen.findByTestId('translator-step')).textContent).toMatch(/Waiting for a worker|Translating 2 of 4 blocks/);
    await screen.findByTestId('translator-done', {}, { timeout: 4000 });
    expect(downloads).toEqual(['translated_Board-Pack.docx']);
    expect(credits).toHaveBeenCalled();
    const sent = server.calls.find((c) => c.key === 'POST /api/translation')?.form;
    expect(sent?.get('target_language')).toBe('FR');
    expect(sent?.get('source_language')).toBe('EN');
    expect(sent?.get('method')).toBe('GoogleTranslate');
    expect(sent?.get('id_session')).toBe(SESSION_ID);
    expect((sent?.get('file') as File | undefined)?.name).toBe('Board-Pack.docx');
  });

  it('names a direct file answer from Content-Disposition', async () => {
    translatorServer();
    await ready();
    await chooseAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate | 12 credit' }));
    await screen.findByTestId('translator-done');
    expect(downloads).toEqual(['translated_report.docx']);
  });

  it("shows the server's message in the red box", async () => {
    translatorServer({
      'POST /api/translation': () => jsonResponse({ message: 'This pdf is encrypted: remove its password and try again.' }, 422),
    });
    await ready();
    await chooseAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate | 12 credit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This pdf is encrypted: remove its password and try again.');
    expect(alert.className).toContain('bg-red-50');
    expect(downloads).toEqual([]);
  });

  it('shows the default translation error text when the server says nothing or the job fails without a reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    translatorServer({ 'POST /api/translation': () => new Response(null, { status: 500 }) });
    await ready();
    await chooseAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate | 12 credit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSLATION_ERROR_TEXT);
  });

  it('reports a failed job with its error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    translatorServer({
      'POST /api/translation': () => jsonResponse(job({ state: 'failed', error: 'The offline engine timed out.' }), 202),
    });
    await ready();
    await chooseAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate | 12 credit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The offline engine timed out.');
  });
});

describe('the session', () => {
  it('is prepared on arrival and cleared with a keepalive DELETE when the screen goes away', async () => {
    const server = translatorServer();
    const view = await ready();
    expect(server.keys().slice(0, 2)).toEqual(['GET /api/translation/clear_session', `GET /api/translation/config/${SESSION_ID}`]);
    view.unmount();
    const clear = server.calls.find((c) => c.key === `DELETE /api/translation/clear_session/${SESSION_ID}`);
    expect(clear?.init?.keepalive).toBe(true);
  });

  it('is cleared when the browser tab closes', async () => {
    const server = translatorServer();
    await ready();
    window.dispatchEvent(new Event('pagehide'));
    expect(server.keys()).toContain(`DELETE /api/translation/clear_session/${SESSION_ID}`);
  });

  it('says when the translator cannot be prepared, and can try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    translatorServer({
      'GET /api/translation/clear_session': () =>
        fail ? jsonResponse({ message: 'Storage is unavailable' }, 503) : jsonResponse({ id_session: SESSION_ID }),
    });
    renderWithProviders(<TranslatorScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Storage is unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /Try again/ }));
    expect(await screen.findByLabelText('Choose a file to translate')).toBeTruthy();
    expect(TEST_CONFIG.methods).toHaveLength(4);
  });
});
