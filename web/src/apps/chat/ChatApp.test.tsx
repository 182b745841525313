import { CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER, CHAT_INFO_LINE, CREDIT_TEXTS, SHELL, SUGGESTED_PROMPTS } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { setAccessToken } from '../../api/token-store';
import { Portal } from '../../shell/Portal';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { CHAT_TEXTS } from './constants';
import { type ChatServerState, chatFetch, controlledStream, defaultChatState, session, stamp, streamResponse } from './test/chat-server';

let chat: ChatServerState;
let remaining: number;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // The portal keeps the active tab in the address; each test starts from a plain "/".
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  chat = defaultChatState();
  remaining = 4000;
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace', email: 'ada@hangar.local' }));
  // biome-ignore lint/suspicious/noDocumentCookie: the policy was accepted before; this suite is about the chat
  document.cookie = `${SHELL.policyCookie}=true; Path=/`;
  fetchMock.mockImplementation(chatFetch(chat, () => remaining));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message SecuredGPT' });
const log = () => screen.getByRole('log', { name: 'Conversation' });
const historyPanel = () => screen.getByRole('navigation', { name: 'Chat History' });
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === `/api/secured_gpt${path}`)
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')));
const asks = () => callsTo('/askstream') as { id: string; message: string; model: string }[];
const countCalls = (url: string) => fetchMock.mock.calls.filter(([u]) => String(u) === url).length;

async function renderChat() {
  renderWithProviders(<Portal />);
  await screen.findByRole('textbox', { name: 'Message SecuredGPT' });
}

function type(text: string) {
  fireEvent.change(composer(), { target: { value: text } });
}

async function ask(text: string) {
  type(text);
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  await waitFor(() => expect(asks().at(-1)?.message).toBe(text));
}

async function askAndWait(text: string) {
  const before = screen.queryAllByTestId('message-credit').length;
  await ask(text);
  await waitFor(() => expect(screen.getAllByTestId('message-credit')).toHaveLength(before + 1));
}

async function chooseModel(name: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: 'Choose a model' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose a model' });
  fireEvent.click(within(dialog).getByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('empty state', () => {
  it('greets, offers four prompts that fill the message box, and keeps the home content below', async () => {
    await renderChat();
    expect(screen.getByRole('heading', { name: 'Hello Ada, how can I help you today?' })).toBeTruthy();
    expect(within(log()).getByText(CHAT_INFO_LINE)).toBeTruthy();
    const prompts = within(screen.getByRole('list', { name: 'Suggested prompts' })).getAllByRole('button');
    expect(prompts.map((p) => p.querySelector('span span')?.textContent)).toEqual([
      'Meeting notes to action list',
      'Passenger disruption notice',
      'Explain a budget vs actual variance',
      'Explain an error message',
    ]);
    fireEvent.click(prompts[0]!);
    const template = SUGGESTED_PROMPTS['Day to day'].find((p) => p.name === 'Meeting notes to action list')!.prompt_template;
    expect(composer().value).toBe(template);
    expect(composer().getAttribute('placeholder')).toBe('Message SecuredGPT');
    // The portal's home stays on tab 9.
    expect(screen.getByRole('heading', { name: 'Welcome to Hangar, Ada' })).toBeTruthy();
    expect(screen.getByTestId('favourite-1')).toBeTruthy();
    expect(screen.getByText(CHAT_TEXTS.footer)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Settings' }).textContent).toBe('A');
    expect(screen.getByRole('button', { name: 'Choose a model' }).textContent).toContain('GPT 4o');
  });

  it('opens the web search modal, which closes on Escape and on an outside click', async () => {
    await renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Web Search Not Supported' });
    expect(dialog.textContent).toContain(CHAT_TEXTS.webSearchWarning);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('dialog', { name: 'Web Search Not Supported' });
    fireEvent.mouseDown(screen.getByTestId('chat-modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('replaces the message box with a note when no credit is left', async () => {
    remaining = 0;
    renderWithProviders(<Portal />);
    expect((await screen.findByTestId('chat-out-of-credit')).textContent).toBe(CHAT_TEXTS.outOfCredit);
    expect(screen.queryByRole('textbox', { name: 'Message SecuredGPT' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(CREDIT_TEXTS.exhausted);
  });

  it('logs the user out when the chat configuration cannot be read', async () => {
    chat.configStatus = 500;
    renderWithProviders(<Portal />);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://idp.example.org/logout'), { timeout: 4000 });
  });
});

describe('composer', () => {
  it('sends on Enter, adds a line on Shift+Enter, and refuses empty text or a second question while streaming', async () => {
    const stream = controlledStream();
    chat.ask = () => stream.response;
    await renderChat();
    type('   ');
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);

    type('First line');
    // Not prevented: the browser inserts the newline.
    expect(fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(composer().value).toBe('First line');
    expect(asks()).toHaveLength(0);

    expect(fireEvent.keyDown(composer(), { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(asks()).toHaveLength(1));
    expect(asks()[0]).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{6,64}$/), message: 'First line', model: 'gpt4' });
    expect(composer().value).toBe('');

    type('Second question');
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    stream.push(`Done${CHAT_CREDIT_MARKER}1##T`);
    stream.close();
    await screen.findByTestId('message-credit');
    expect(asks()).toHaveLength(1);
    expect(composer().value).toBe('Second question');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('sending', () => {
  it('shows the question, a thinking answer, the streamed text, then the cost and the new title', async () => {
    const stream = controlledStream();
    chat.ask = () => stream.response;
    await renderChat();
    const creditReads = countCalls('/api/credit');
    const historyReads = countCalls('/api/secured_gpt/history');
    await ask('Plan my day');

    expect(within(log()).getByText('Plan my day')).toBeTruthy();
    const answer = await screen.findByTestId('assistant-message');
    expect(within(answer).getByText('Thinking...')).toBeTruthy();

    stream.push('Here is ');
    await waitFor(() => expect(answer.textContent).toContain('Here is'));
    expect(within(answer).queryByText('Thinking...')).toBeNull();
    expect(screen.queryByTestId('message-credit')).toBeNull();

    stream.push('your plan.@@CRE');
    stream.push('DIT@@0.75##Daily ');
    stream.push('plan');
    stream.close();

    const credit = await screen.findByTestId('message-credit');
    expect(credit.textContent).toBe('0.75 Credit');
    expect(credit.getAttribute('data-tone')).toBe('green');
    await waitFor(() => expect(answer.textContent).toContain('Here is your plan.'));
    expect(answer.textContent).not.toContain('@@');
    expect(screen.getByTestId('chat-title').textContent).toBe('Daily plan');
    // Credits and history are re-read once the answer is complete.
    await waitFor(() => expect(countCalls('/api/credit')).toBeGreaterThan(creditReads));
    await waitFor(() => expect(countCalls('/api/secured_gpt/history')).toBeGreaterThan(historyReads));
    expect(await within(historyPanel()).findByRole('button', { name: 'A short title' })).toBeTruthy();
  });

  it('renders Markdown tables and highlighted code with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const markdown = '| KPI | Value |\n|---|---|\n| Pax | 12 |\n\n```ts\nconst a = 1;\n```\n\n- one\n- two';
    chat.ask = () => streamResponse([markdown, `${CHAT_CREDIT_MARKER}120##KPIs`]);
    await renderChat();
    await askAndWait('Show KPIs');
    const answer = screen.getByTestId('assistant-message');
    // Short answers are typed out: wait for the end of it.
    await waitFor(() => expect(answer.querySelectorAll('li')).toHaveLength(2), { timeout: 5000 });
    expect([...answer.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['KPI', 'Value']);
    expect(answer.querySelector('code.hljs.language-ts .hljs-keyword')?.textContent).toBe('const');
    fireEvent.click(within(answer).getByRole('button', { name: 'Copy code' }));
    await within(answer).findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    await waitFor(() => expect(within(answer).queryByRole('button', { name: 'Copied' })).toBeNull(), { timeout: 2000 });
    const credit = screen.getByTestId('message-credit');
    expect(credit.textContent).toBe('120 Credits');
    expect(credit.getAttribute('data-tone')).toBe('light-orange');
  });

  it('shows the spec text and advice for a 429 without a server message', async () => {
    chat.ask = () => new Response('', { status: 429, statusText: 'Too Many Requests' });
    await renderChat();
    await ask('Hello?');
    const error = await screen.findByTestId('error-message');
    expect(error.textContent).toBe(
      'Too many requests. Please wait before trying again. If the problem persists, contact an administrator.',
    );
    expect(screen.queryByTestId('assistant-message')).toBeNull();
    expect(within(log()).getByText('Hello?')).toBeTruthy();
  });

  it("shows the server's message for a JSON error, such as running out of credit", async () => {
    chat.ask = () =>
      jsonResponse(
        {
          error: { code: 'INSUFFICIENT_CREDIT', message: 'No credit', requestId: 'r' },
          detail: 'You have run out of credits.',
          message: 'x',
        },
        402,
      );
    await renderChat();
    const creditReads = countCalls('/api/credit');
    await ask('Hello?');
    expect((await screen.findByTestId('error-message')).textContent).toBe(
      'You have run out of credits. If the problem persists, contact an administrator.',
    );
    await waitFor(() => expect(countCalls('/api/credit')).toBeGreaterThan(creditReads));
  });

  it('keeps the partial answer and adds an error line for an in-band error', async () => {
    chat.ask = () =>
      streamResponse([
        'Partial ',
        `answer${CHAT_ERROR_MARKER}Internal server error. Please try again later.`,
        `${CHAT_CREDIT_MARKER}0.1##T`,
      ]);
    await renderChat();
    await ask('Go');
    const error = await screen.findByTestId('error-message');
    expect(error.textContent).toBe('Internal server error. Please try again later. If the problem persists, contact an administrator.');
    await waitFor(() => expect(screen.getByTestId('assistant-message').textContent).toContain('Partial answer'));
  });
});

describe('models', () => {
  it('lists models with unavailable ones disabled, and the functionalities of the menu', async () => {
    await renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a model' });
    const gemini = within(dialog).getByRole<HTMLButtonElement>('button', { name: /Gemini/ });
    expect(gemini.disabled).toBe(true);
    expect(gemini.textContent).toContain('GEMINI_API_KEY is not set');
    expect(within(dialog).getByRole('button', { name: /Offline assistant/ }).textContent).toContain('Offline assistant, no language model');
    expect(
      within(dialog)
        .getByRole('button', { name: /GPT 4o/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    // Menu entries 7 and 3 are held, 4 is not.
    expect(within(dialog).getByRole('button', { name: /Multi Docs/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Document Translator/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Sentiment analysis/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Multi Docs/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Multi Docs is a mode of the chat (issue 15), not a tab of its own.
    expect(screen.getByTestId('current-model').textContent).toBe('MultiDocs');
  });

  it('the Multi Docs menu entry (tab 7) switches the chat into multi-docs mode instead of opening a screen', async () => {
    await renderChat();
    const apps = screen.getByRole('navigation', { name: 'Applications' });
    fireEvent.click(within(apps).getByRole('button', { name: 'Generative AI' }));
    fireEvent.click(within(apps).getByRole('button', { name: 'Multi Docs' }));
    await waitFor(() => expect(screen.getByTestId('current-model').textContent).toBe('MultiDocs'));
    expect(screen.getByPlaceholderText('Select one or all file then ask question')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Multi Docs' })).toBeNull();
  });

  it('Multi Docs: uploads, asks over the dual stream, shows the preview then the cited answer, and leaving adds the info lines', async () => {
    const base = fetchMock.getMockImplementation()!;
    const events = [
      { type: 'preview_chunk', content: 'Page 2: the budget is 2 M€' },
      { type: 'preview_end', citations: [{ n: 1, uri: 'docs/r.pdf', name: 'r.pdf', page: 2, url: null, excerpt: 'x' }] },
      { type: 'ask_chunk', content: 'The budget is 2 M€ [1].' },
      { type: 'ask_end', title: 'Budget' },
      { type: 'total_credit', content: 0.5 },
    ];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/multidocs_chat/upload-file')
        return jsonResponse({
          uri: 'docs/r.pdf',
          total_pages: 3,
          additional_time: 0,
          name: 'r.pdf',
          file_type: 'doc',
          title: 'r.pdf',
          extraction: 'text',
        });
      if (url === '/api/multidocs_chat/dual-stream')
        return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
          headers: { 'Content-Type': 'text/event-stream' },
        });
      return base(input, init);
    });
    await renderChat();
    await chooseModel(/Multi Docs/);
    const box = screen.getByPlaceholderText('Select one or all file then ask question');
    expect(within(log()).getByText('You have now left the GPT 4o ... You are now using MultiDocs.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('multidocs-file'), {
      target: { files: [new File(['%PDF'], 'r.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByText('· 3 p.');
    fireEvent.change(box, { target: { value: 'What is the budget?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const link = await screen.findByRole('link', { name: '[1]' });
    expect(link.getAttribute('href')).toBe('/pdf?uri=docs%2Fr.pdf&page=2');
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/multidocs_chat/dual-stream')![1]!.body as FormData;
    expect(JSON.parse(String(sent.get('texts')))).toEqual([{ uri: 'docs/r.pdf' }, { text: 'What is the budget?' }]);
    expect(sent.get('total_pages')).toBe('3');
    const preview = screen.getByTestId('multidocs-preview');
    expect(preview.compareDocumentPosition(screen.getByTestId('multidocs-reply')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The turn is one of the conversation's messages: the question, the answer with its cost, the title from ask_end.
    expect(within(log()).getByTestId('user-message').textContent).toBe('What is the budget?');
    await waitFor(() => expect(within(log()).getByTestId('message-credit').textContent).toContain('0.5'));
    expect(screen.getByTestId('chat-title').textContent).toBe('Budget');
    await waitFor(() => expect(countCalls('/api/credit')).toBeGreaterThan(1));
    const sessionId = String(sent.get('sessionId'));
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith(sessionId) && init?.method === 'DELETE')).toBe(false);
    await chooseModel(/Mistral/);
    expect(within(log()).getByText('You have now left the MultiDocs ... You are now using Mistral.')).toBeTruthy();
    expect(within(log()).getByText('This chat no longer has access to your files.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message SecuredGPT' })).toBeTruthy();
    // Leaving the mode deletes the session's files on the server.
    const cleanup = fetchMock.mock.calls.filter(
      ([u, init]) => String(u) === `/api/multidocs_chat/sessions/${sessionId}` && init?.method === 'DELETE',
    );
    expect(cleanup).toHaveLength(1);
  });

  it('shows a stored multi-docs turn after a reload as it was shown live, in Multi Docs mode; a new chat deletes its files', async () => {
    const citations = [
      { n: 1, uri: 'documents/abc/r.pdf', name: 'r.pdf', page: 2, url: null, excerpt: 'the budget' },
      { n: 2, uri: 'links/9', name: 'Budget page', page: null, url: 'https://intranet.example/budget', excerpt: 'x' },
    ];
    chat.sessions['md-kept'] = session('md-kept', 'Budget', [
      { info: 'You have now left the GPT 4o ... You are now using MultiDocs.', data_type: 'text_switch' },
      { user: 'What is the budget?', model: 'ia_multidocs', uploads: [{ type: 'doc', filename: 'r.pdf' }] },
      {
        assistant: 'The budget is 2 M€ [1], as the page says [2].',
        model: 'ia_multidocs',
        message_id: 21,
        status: 'complete',
        credit: 12,
        preview: '[1] r.pdf, page 2: the budget\n[2] Budget page: x\n',
        citations,
        preview_error: false,
      },
    ]);
    sessionStorage.setItem('hangar.chat.active', 'md-kept');
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/multidocs_chat/sessions/md-kept' && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse({
            attachments: [
              {
                uri: 'documents/abc/r.pdf',
                total_pages: 3,
                additional_time: 2,
                name: 'r.pdf',
                file_type: 'doc',
                title: 'r.pdf',
                extraction: 'text layer',
              },
            ],
          })
        : base(input, init),
    );
    renderWithProviders(<Portal />);
    const reply = await screen.findByTestId('multidocs-reply');
    // The session's file is still attached, as before the reload.
    expect(await screen.findByText('· 3 p.')).toBeTruthy();
    expect(screen.getByTestId('current-model').textContent).toBe('MultiDocs');
    expect(screen.getByPlaceholderText('Select one or all file then ask question')).toBeTruthy();
    expect(screen.getByTestId('multidocs-preview').textContent).toContain('[1] r.pdf, page 2: the budget');
    expect(within(reply).getByRole('link', { name: '[1]' }).getAttribute('href')).toBe('/pdf?uri=documents%2Fabc%2Fr.pdf&page=2');
    expect(within(reply).getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('https://intranet.example/budget');
    const credit = within(log()).getByTestId('message-credit');
    expect(credit.textContent).toContain('12');
    expect(credit.getAttribute('data-tone')).toBe('yellow');
    expect(screen.getByTestId('chat-title').textContent).toBe('Budget');
    expect(countCalls('/api/secured_gpt/answers/21/stream')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await screen.findByRole('textbox', { name: 'Message SecuredGPT' });
    const cleanup = fetchMock.mock.calls.filter(
      ([u, init]) => String(u) === '/api/multidocs_chat/sessions/md-kept' && init?.method === 'DELETE',
    );
    expect(cleanup).toHaveLength(1);
  });

  it('DOCUMENT_OPT offers the Translator and Multi Docs shortcuts; Translator opens the translator in the TRANSLATOR modal', async () => {
    await renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Documents' }));
    const options = await screen.findByRole('dialog', { name: 'Documents' });
    expect(within(options).getByRole('button', { name: /Multi Docs/ })).toBeTruthy();
    fireEvent.click(within(options).getByRole('button', { name: /Translator/ }));
    const translator = await screen.findByRole('dialog', { name: 'Translator' });
    expect(
      within(translator).getByText('Documents are limited to 20 pages. For a longer document, contact the platform team.'),
    ).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/translation/clear_session', expect.anything()));
  });

  it('adds the switch line, stores it with the info route and asks with the new model', async () => {
    await renderChat();
    await askAndWait('First');
    const id = asks()[0]!.id;
    await chooseModel(/Mistral/);
    const line = 'You have now left the GPT 4o ... You are now using Mistral.';
    expect(within(log()).getByText(line)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a model' }).textContent).toContain('Mistral');
    await waitFor(() => expect(callsTo('/info')).toEqual([{ id, message: line, type: 'text_switch' }]));
    await askAndWait('Second');
    expect(asks()[1]).toEqual({ id, message: 'Second', model: 'mistral' });
  });

  it('keeps the switch line of an empty conversation until the first question, then stores it first', async () => {
    await renderChat();
    await chooseModel(/Mistral/);
    expect(within(log()).getByText('You have now left the GPT 4o ... You are now using Mistral.')).toBeTruthy();
    expect(callsTo('/info')).toHaveLength(0);
    await askAndWait('Hello');
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    const infoAt = urls.indexOf('/api/secured_gpt/info');
    expect(infoAt).toBeGreaterThan(-1);
    expect(infoAt).toBeLessThan(urls.indexOf('/api/secured_gpt/askstream'));
    expect(callsTo('/info')[0].id).toBe(asks()[0]!.id);
  });
});

describe('new chat', () => {
  it('reuses an existing empty conversation instead of making another', async () => {
    await renderChat();
    await askAndWait('In chat A');
    const a = asks()[0]!.id;
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(screen.getByRole('heading', { name: 'Hello Ada, how can I help you today?' })).toBeTruthy();
    // Marks the empty chat B with a (not yet stored) switch line.
    await chooseModel(/Mistral/);
    // New chat on an empty conversation stays on it.
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(within(log()).getByText(/You are now using Mistral/)).toBeTruthy();
    // Back to A, then New chat: B again, not a third conversation.
    fireEvent.click(await within(historyPanel()).findByRole('button', { name: 'A short title' }));
    await waitFor(() => expect(within(log()).getByText('In chat A')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(within(log()).getByText(/You are now using Mistral/)).toBeTruthy();
    await askAndWait('In chat B');
    expect(asks()[1]!.id).not.toBe(a);
    expect(callsTo('/info')[0].id).toBe(asks()[1]!.id);
  });
});

describe('settings', () => {
  it('changes the language through its route', async () => {
    await renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const language = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    await waitFor(() => expect(language.value).toBe('EN'));
    fireEvent.change(language, { target: { value: 'FR' } });
    await waitFor(() => expect(countCalls('/api/secured_gpt/change/config/FR')).toBe(1));
    await waitFor(() => expect(language.value).toBe('FR'));
    expect(chat.config.language).toBe('FR');
  });

  it('saves the context with a 1 s "Saved" indicator and fills the box from an optimized prompt', async () => {
    await renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Context' }), { target: { value: 'I work in operations.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save context' }));
    await within(dialog).findByText('Saved');
    expect(callsTo('/context')).toEqual([{ context: 'I work in operations.' }]);
    await waitFor(() => expect(within(dialog).queryByText('Saved')).toBeNull(), { timeout: 2000 });

    fireEvent.click(within(dialog).getByRole('button', { name: /^Finance/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the prompt CAPEX justification' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(composer().value).toBe(SUGGESTED_PROMPTS.Finance.find((p) => p.name === 'CAPEX justification')!.prompt_template);
  });
});

describe('Chat History panel', () => {
  const many = () =>
    [3, 9, 1, 7, 2, 8, 5, 4].map((minutesAgo) => ({
      session_id: `chat-${minutesAgo}`,
      title: `Chat ${minutesAgo}`,
      timestamp: stamp(minutesAgo),
    }));

  it('lists the 6 newest chats, only while the chat tab is active and the sidebar open', async () => {
    chat.history = many();
    await renderChat();
    const titles = async () => (await within(historyPanel()).findAllByTestId('chat-history-item')).map((li) => li.textContent);
    expect(await titles()).toEqual(['Chat 1', 'Chat 2', 'Chat 3', 'Chat 4', 'Chat 5', 'Chat 7']);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Applications' })).getByRole('button', { name: 'User Rights' }));
    expect(screen.queryByRole('navigation', { name: 'Chat History' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'SecuredGPT' }));
    expect(historyPanel()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByRole('navigation', { name: 'Chat History' })).toBeNull();
  });

  it('opens a chat with its messages and the model of its last answer', async () => {
    chat.history = many();
    chat.sessions['chat-1'] = session('chat-1', 'Chat 1', [
      { user: 'Old question', model: 'mistral' },
      { assistant: 'Old answer', model: 'mistral', credit: 300 },
      { assistant: 7 as unknown as string },
    ]);
    await renderChat();
    fireEvent.click(await within(historyPanel()).findByRole('button', { name: 'Chat 1' }));
    await waitFor(() => expect(within(log()).getByText('Old question')).toBeTruthy());
    expect(within(historyPanel()).getByRole('button', { name: 'Chat 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('message-credit').getAttribute('data-tone')).toBe('red');
    expect(within(log()).getByText('Invalid message: assistant text must be a string')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a model' }).textContent).toContain('Mistral'));
  });

  it('renames and, after confirmation, deletes a chat', async () => {
    chat.history = many();
    await renderChat();
    const row = async (title: string) => (await within(historyPanel()).findByRole('button', { name: title })).closest('li')!;

    fireEvent.click(within(await row('Chat 2')).getByRole('button', { name: 'Conversation actions' }));
    fireEvent.click(within(await row('Chat 2')).getByRole('button', { name: 'Rename' }));
    const input = within(historyPanel()).getByRole('textbox', { name: 'Rename conversation' });
    fireEvent.change(input, { target: { value: 'Budget review' } });
    fireEvent.submit(input);
    expect(await within(historyPanel()).findByRole('button', { name: 'Budget review' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/secured_gpt/sessions/chat-2',
      expect.objectContaining({ method: 'PATCH', body: '{"title":"Budget review"}' }),
    );

    fireEvent.click(within(await row('Chat 1')).getByRole('button', { name: 'Conversation actions' }));
    fireEvent.click(within(await row('Chat 1')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await row('Chat 1')).getByRole('button', { name: 'Conversation actions' }));
    fireEvent.click(within(await row('Chat 1')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(historyPanel()).queryByRole('button', { name: 'Chat 1' })).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/secured_gpt/sessions/chat-1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('searches all conversations through the search route', async () => {
    chat.history = [...many(), { session_id: 'old-budget', title: 'Budget 2024', timestamp: stamp(9000) }];
    chat.sessions['old-budget'] = session('old-budget', 'Budget 2024', [{ user: 'Budget question' }]);
    await renderChat();
    fireEvent.change(within(historyPanel()).getByRole('searchbox', { name: 'Search your conversations' }), { target: { value: 'budget' } });
    const results = await within(historyPanel()).findByRole('list', { name: 'Search results' });
    expect(countCalls('/api/secured_gpt/search?q=budget')).toBe(1);
    fireEvent.click(within(results).getByRole('button', { name: /Budget 2024/ }));
    await waitFor(() => expect(within(log()).getByText('Budget question')).toBeTruthy());
  });
});
