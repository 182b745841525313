import { SHELL } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../api/navigation';
import { setAccessToken } from '../../../api/token-store';
import { Portal } from '../../../shell/Portal';
import { jsonResponse, makeJwt } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import type { ChatModels } from '../api';
import { type ChatServerState, chatFetch, defaultChatState, TEST_MODELS } from '../test/chat-server';

// Issue 33, item 12: the model the chat shows is the one that answers. With no provider configured
// the offline assistant answers, in the chat and in Multi Docs alike (dual-stream.ts pickModel).

/** A fresh install: no provider key, so only the offline assistant can answer. */
const NO_PROVIDER: ChatModels = {
  defaultModel: 'offline',
  models: TEST_MODELS.models.map((m) => (m.offline ? m : { ...m, available: false, unavailableReason: 'OPENAI_API_KEY is not set' })),
};

let chat: ChatServerState;
const fetchMock = vi.fn<typeof fetch>();
let modelsGate: Promise<void> = Promise.resolve();

const events = [
  { type: 'preview_chunk', content: '[1] r.pdf, page 2: the budget\n' },
  { type: 'ask_chunk', content: 'The budget is 2 M€ [1].' },
  { type: 'ask_end', title: 'Budget' },
  { type: 'total_credit', content: 0 },
];

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  chat = defaultChatState();
  chat.models = NO_PROVIDER;
  modelsGate = Promise.resolve();
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace', email: 'ada@hangar.local' }));
  // biome-ignore lint/suspicious/noDocumentCookie: the policy was accepted before; this suite is about the chat
  document.cookie = `${SHELL.policyCookie}=true; Path=/`;
  fetchMock.mockImplementation(
    chatFetch(
      chat,
      () => 4000,
      async (url, init) => {
        if (url === '/api/secured_gpt/models') await modelsGate;
        if (url.startsWith('/api/multidocs_chat/sessions/'))
          return jsonResponse(init?.method === 'DELETE' ? { deleted: 0 } : { attachments: [] });
        if (url === '/api/multidocs_chat/dual-stream')
          return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
            headers: { 'Content-Type': 'text/event-stream' },
          });
        return undefined;
      },
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const log = () => screen.getByRole('log', { name: 'Conversation' });
const header = () => screen.getByTestId('current-model').textContent;
const OFFLINE = 'Offline assistant';

async function chooseMultiDocs() {
  fireEvent.click(screen.getByRole('button', { name: 'Choose a model' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose a model' });
  fireEvent.click(within(dialog).getByRole('button', { name: /Multi Docs/ }));
  await waitFor(() => expect(header()).toBe('MultiDocs'));
}

describe('the model shown is the one that answers (no provider configured)', () => {
  it('Multi Docs is answered by the offline assistant, which the switch lines, the request and New chat all say', async () => {
    renderWithProviders(<Portal />);
    await waitFor(() => expect(header()).toBe(OFFLINE));
    await chooseMultiDocs();
    expect(within(log()).getByText(`You have now left the ${OFFLINE} ... You are now using MultiDocs.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a model' }).getAttribute('title')).toBe(`Model: MultiDocs, answered by ${OFFLINE}`);

    const box = screen.getByPlaceholderText('Select one or all file then ask question');
    fireEvent.change(box, { target: { value: 'What is the budget?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('The budget is 2 M€ [1].');
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/multidocs_chat/dual-stream')![1]!.body as FormData;
    expect(sent.get('model')).toBe('offline');

    // A new chat leaves the mode on the model that answers, never on GPT 4o, which cannot.
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await screen.findByRole('textbox', { name: 'Message SecuredGPT' });
    expect(header()).toBe(OFFLINE);
  });

  it('the Multi Docs menu entry, opened before the model list arrives, names the model left by its title', async () => {
    let open!: () => void;
    modelsGate = new Promise<void>((r) => {
      open = r;
    });
    renderWithProviders(<Portal />);
    await screen.findByRole('textbox', { name: 'Message SecuredGPT' });
    const apps = screen.getByRole('navigation', { name: 'Applications' });
    fireEvent.click(within(apps).getByRole('button', { name: 'Generative AI' }));
    fireEvent.click(within(apps).getByRole('button', { name: 'Multi Docs' }));
    open();
    await waitFor(() => expect(header()).toBe('MultiDocs'));
    expect(within(log()).getByText(`You have now left the ${OFFLINE} ... You are now using MultiDocs.`)).toBeTruthy();
    expect(within(log()).queryByText(/left the gpt4/)).toBeNull();
  });
});
