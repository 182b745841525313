import { ANSWER_ID_HEADER, CHAT_CREDIT_MARKER, SHELL } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { setAccessToken } from '../../api/token-store';
import { Portal } from '../../shell/Portal';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { type ChatServerState, chatFetch, controlledStream, defaultChatState, session, stamp } from './test/chat-server';

// Issue 13.2 on the screen: an answer still produced on the server re-attaches after a reload,
// Stop calls the stop route, and stopped or failed answers say so instead of showing a cost.

let chat: ChatServerState;
let extra: (url: string, init: RequestInit | undefined) => Response | null = () => null;
let remaining: number;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  chat = defaultChatState();
  extra = () => null;
  remaining = 4000;
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace', email: 'ada@hangar.local' }));
  // biome-ignore lint/suspicious/noDocumentCookie: the policy was accepted before; this suite is about the chat
  document.cookie = `${SHELL.policyCookie}=true; Path=/`;
  fetchMock.mockImplementation(
    chatFetch(
      chat,
      () => remaining,
      (url, init) => extra(url, init),
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

/** The answer event stream the server sends to a re-attached page, fed by the test. */
function answerEvents() {
  const stream = controlledStream();
  const send = (event: string, data: object) => stream.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return { response: stream.response, send, close: stream.close };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const historyPanel = () => screen.getByRole('navigation', { name: 'Chat History' });
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === `/api/secured_gpt${path}`);

async function openChat(title: string) {
  renderWithProviders(<Portal />);
  await screen.findByRole('textbox', { name: 'Message SecuredGPT' });
  fireEvent.click(await within(historyPanel()).findByRole('button', { name: title }));
}

describe('an answer still streaming after a reload', { timeout: 15_000 }, () => {
  it('re-attaches by message id, shows the rest as it comes, then its cost', async () => {
    chat.history = [{ session_id: 'chat-live', title: 'Live', timestamp: stamp(1) }];
    chat.sessions['chat-live'] = session('chat-live', 'Live', [
      { user: 'Write a report', model: 'gpt4' },
      { assistant: 'The first part', model: 'gpt4', message_id: 42, status: 'streaming' },
    ]);
    const events = answerEvents();
    extra = (url) => (url === '/api/secured_gpt/answers/42/stream' ? events.response : null);
    await openChat('Live');
    await waitFor(() => expect(calls('/answers/42/stream')).toHaveLength(1));
    // While it streams, Stop is offered instead of Send.
    expect(await screen.findByRole('button', { name: 'Stop the answer' })).toBeTruthy();
    events.send('text', { text: 'The first part' });
    events.send('text', { text: ' and the rest.' });
    // Short answers appear with the typed effect: give it time.
    await waitFor(() => expect(log().textContent).toContain('The first part and the rest.'), { timeout: 4000 });
    events.send('end', { status: 'complete', credit: 4.5, error: null });
    events.close();
    await waitFor(() => expect(screen.getByTestId('message-credit').textContent).toContain('4.5'));
    expect(screen.queryByTestId('answer-state')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop the answer' })).toBeNull();
  });

  it('stops through the stop route, and shows the answer as stopped', async () => {
    chat.history = [{ session_id: 'chat-stop', title: 'Stoppable', timestamp: stamp(1) }];
    chat.sessions['chat-stop'] = session('chat-stop', 'Stoppable', [
      { user: 'Write a report', model: 'gpt4' },
      { assistant: 'Part', model: 'gpt4', message_id: 7, status: 'streaming' },
    ]);
    const events = answerEvents();
    extra = (url, init) => {
      if (url === '/api/secured_gpt/answers/7/stream') return events.response;
      if (url === '/api/secured_gpt/answers/7/stop' && init?.method === 'POST') {
        events.send('end', { status: 'stopped', credit: 1.2, error: null });
        events.close();
        return jsonResponse({ status: 'stopped' });
      }
      return null;
    };
    await openChat('Stoppable');
    events.send('text', { text: 'Part' });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop the answer' }));
    await waitFor(() => expect(calls('/answers/7/stop')).toHaveLength(1));
    const state = await screen.findByTestId('answer-state');
    expect(state.textContent).toBe('Stopped');
    expect(screen.queryByTestId('message-credit')).toBeNull();
    await waitFor(() => expect(log().textContent).toContain('Part'), { timeout: 4000 });
  });

  it('stops a question asked on this page by its answer id from the response header', async () => {
    const stream = controlledStream();
    const headers = new Headers(stream.response.headers);
    headers.set(ANSWER_ID_HEADER, '99');
    chat.ask = () => new Response(stream.response.body, { status: 200, headers });
    extra = (url, init) => {
      if (url === '/api/secured_gpt/answers/99/stop' && init?.method === 'POST') {
        stream.push(`${CHAT_CREDIT_MARKER}0.2##Title`);
        stream.close();
        return jsonResponse({ status: 'stopped' });
      }
      return null;
    };
    renderWithProviders(<Portal />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message SecuredGPT' }), { target: { value: 'Long one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    stream.push('Some words');
    fireEvent.click(await screen.findByRole('button', { name: 'Stop the answer' }));
    expect((await screen.findByTestId('answer-state')).textContent).toBe('Stopped');
    expect(calls('/answers/99/stop')).toHaveLength(1);
  });

  it('reopens the conversation of this browser tab after a reload, and re-attaches to its answer', async () => {
    chat.sessions['chat-kept'] = session('chat-kept', 'Kept', [
      { user: 'Write a report', model: 'gpt4' },
      { assistant: 'Begun', model: 'gpt4', message_id: 11, status: 'streaming' },
    ]);
    sessionStorage.setItem('hangar.chat.active', 'chat-kept');
    const events = answerEvents();
    extra = (url) => (url === '/api/secured_gpt/answers/11/stream' ? events.response : null);
    renderWithProviders(<Portal />);
    await waitFor(() => expect(calls('/answers/11/stream')).toHaveLength(1));
    events.send('text', { text: 'Begun, and finished.' });
    events.send('end', { status: 'complete', credit: 2, error: null });
    events.close();
    await waitFor(() => expect(log().textContent).toContain('Begun, and finished.'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('message-credit').textContent).toContain('2'));
  });

  it('shows stored failed and cut answers with their state, not a cost', async () => {
    chat.history = [{ session_id: 'chat-old', title: 'Old', timestamp: stamp(1) }];
    chat.sessions['chat-old'] = session('chat-old', 'Old', [
      { user: 'One', model: 'gpt4' },
      { assistant: 'Half an answ', model: 'gpt4', message_id: 3, status: 'failed', credit: 0.4 },
      { error: 'Service temporarily unavailable. Please try again later.' },
      { user: 'Two', model: 'gpt4' },
      { assistant: 'Cut', model: 'gpt4', message_id: 5, status: 'cut', credit: 5 },
    ]);
    await openChat('Old');
    await waitFor(() => expect(screen.getAllByTestId('answer-state')).toHaveLength(2));
    expect(screen.getAllByTestId('answer-state').map((b) => b.textContent)).toEqual(['Failed', 'Cut short (credit)']);
    expect(screen.queryByTestId('message-credit')).toBeNull();
    expect(calls('/answers/3/stream')).toHaveLength(0);
  });
});
