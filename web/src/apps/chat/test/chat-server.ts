import { CHAT_CREDIT_MARKER, type ChatMessage, type ChatSession, type MenuItem, SUGGESTED_PROMPTS } from '@hangar/contract';
import { jsonResponse } from '../../../test/helpers';
import { menuItem } from '../../../test/menu';
import type { ChatConfig, ChatModels, HistoryItem } from '../api';

export const CHAT_URL = '/api/secured_gpt';

export const TEST_MODELS: ChatModels = {
  defaultModel: 'gpt4',
  models: [
    {
      id: 'gpt4',
      title: 'GPT 4o',
      description: 'Flagship model',
      icon: 'sparkles',
      available: true,
      unavailableReason: null,
      offline: false,
    },
    {
      id: 'mistral',
      title: 'Mistral',
      description: 'European model',
      icon: 'sparkles',
      available: true,
      unavailableReason: null,
      offline: false,
    },
    {
      id: 'gemini',
      title: 'Gemini',
      description: 'Google model',
      icon: 'sparkles',
      available: false,
      unavailableReason: 'GEMINI_API_KEY is not set',
      offline: false,
    },
    {
      id: 'offline',
      title: 'Offline assistant',
      description: 'Answers without a language model',
      icon: 'cpu',
      available: true,
      unavailableReason: null,
      offline: true,
    },
  ],
};

export interface AskCall {
  id: string;
  message: string;
  model: string;
}

export interface ChatServerState {
  config: ChatConfig;
  models: ChatModels;
  history: HistoryItem[];
  sessions: Record<string, ChatSession>;
  /** Answers askstream; by default a short answer and its credit chunk. */
  ask: (body: AskCall) => Response | Promise<Response>;
  configStatus?: number;
}

export const stamp = (minutesAgo: number) =>
  new Date(Date.UTC(2026, 10, 22, 12, 0) - minutesAgo * 60_000).toISOString().replace('Z', '+00:00');

export function session(id: string, title: string, conversation: Partial<ChatMessage>[], minutesAgo = 0): ChatSession {
  return {
    session_id: id,
    title,
    data_name: null,
    data_type: 'text',
    conversation: conversation.map((m) => ({ timestamp: stamp(minutesAgo), ...m })),
    timestamp: stamp(minutesAgo),
    total_pages: 0,
    additional_time: 0,
  };
}

/** A text/plain response whose body is the given chunks, one network read each. */
export function streamResponse(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** A streamed response the test feeds chunk by chunk. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    push: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    close: () => controller.close(),
  };
}

export function defaultChatState(): ChatServerState {
  return {
    config: { context: '', language: 'EN', suggested_prompts: SUGGESTED_PROMPTS, conv: {} },
    models: TEST_MODELS,
    history: [],
    sessions: {},
    ask: () => streamResponse(['Hello', ' there', `${CHAT_CREDIT_MARKER}0.5##A short title`]),
  };
}

/**
 * The chat routes of the fake server. Returns null for other URLs so a test's own fetch stub can
 * answer them. Keeps sessions and history up to date the way the server does.
 */
export function chatRoutes(state: ChatServerState) {
  return async (url: string, init: RequestInit | undefined): Promise<Response | null> => {
    if (!url.startsWith(`${CHAT_URL}/`)) return null;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.slice(CHAT_URL.length);
    if (path === '/config') return state.configStatus ? jsonResponse({}, state.configStatus, 'Error') : jsonResponse(state.config);
    if (path.startsWith('/change/config/')) {
      state.config = { ...state.config, language: path.slice('/change/config/'.length) as ChatConfig['language'] };
      return jsonResponse(state.config);
    }
    if (path === '/context' && method === 'POST') {
      state.config = { ...state.config, context: body.context };
      return jsonResponse({ context: body.context });
    }
    if (path === '/models') return jsonResponse(state.models);
    if (path === '/history') return jsonResponse({ chats: state.history });
    if (path.startsWith('/search?')) {
      const q = new URLSearchParams(path.slice('/search?'.length)).get('q') ?? '';
      const results = state.history
        .filter((h) => h.title.toLowerCase().includes(q.toLowerCase()))
        .map((h) => ({ ...h, excerpt: `… ${q} …` }));
      return jsonResponse({ results });
    }
    if (path === '/info' && method === 'POST') return new Response(null, { status: 204 });
    if (path === '/askstream' && method === 'POST') {
      const response = await state.ask(body as AskCall);
      if (response.ok && !state.history.some((h) => h.session_id === body.id)) {
        state.history = [{ session_id: body.id, title: 'A short title', timestamp: stamp(-1) }, ...state.history];
      }
      return response;
    }
    const sessionMatch = /^\/sessions\/([^/?]+)$/.exec(path);
    if (sessionMatch) {
      const id = decodeURIComponent(sessionMatch[1]!);
      const found = state.sessions[id];
      if (method === 'GET') return found ? jsonResponse(found) : jsonResponse({ message: 'No such conversation.' }, 404, 'Not Found');
      if (method === 'PATCH') {
        state.history = state.history.map((h) => (h.session_id === id ? { ...h, title: body.title } : h));
        return new Response(null, { status: 204 });
      }
      if (method === 'DELETE') {
        state.history = state.history.filter((h) => h.session_id !== id);
        delete state.sessions[id];
        return new Response(null, { status: 204 });
      }
    }
    return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
  };
}

/** The menu the chat suites sign in to: the chat, Multi Docs, the translator and an admin tab. */
export const CHAT_MENU: MenuItem[] = [
  menuItem(9, 'SecuredGPT', 'SecuredGPT'),
  menuItem(7, 'Multi Docs', 'Generative AI'),
  menuItem(3, 'Translator', 'Generative AI'),
  menuItem(75, 'User Rights', 'Admin Management'),
];

/** The shell's routes around the chat (menu, me, logout, credit), answered with the balance of the moment. */
export function shellRoutes(remaining: () => number) {
  return (url: string): Response | null => {
    if (url === '/api/shell/menu')
      return jsonResponse({
        items: CHAT_MENU,
        staging: false,
        links: { documentation: 'https://d.example', reportBug: 'https://b.example' },
      });
    if (url === '/api/shell/me')
      return jsonResponse({ email: 'ada@hangar.local', name: 'Ada Lovelace', bu: null, airport: null, apps: [], groups: [] });
    if (url === '/auth/logout') return jsonResponse({ ok: true, logout_url: 'https://idp.example.org/logout' });
    if (url === '/api/credit') return jsonResponse({ remaining_credit: remaining() });
    if (url === '/api/admin/user_management/get_current_user_data')
      return jsonResponse({ email: 'a', name: 'A', bu: null, airport: null, creditLimit: 5000, remainingCredit: remaining() });
    if (url === '/api/admin/credits_management/get_current_user_credits_requests_status') return jsonResponse({ isPending: false });
    return null;
  };
}

type Answer = Response | null | undefined;

/**
 * The fetch of a chat test: `first` may answer a request itself (or only wait, answering nothing),
 * then the chat's routes, then the shell's; anything else is a 404.
 */
export function chatFetch(
  state: ChatServerState,
  remaining: () => number,
  first?: (url: string, init?: RequestInit) => Answer | Promise<Answer>,
) {
  const routes = chatRoutes(state);
  const shell = shellRoutes(remaining);
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const special = await first?.(url, init);
    if (special) return special;
    const answer = await routes(url, init);
    if (answer) return answer;
    return shell(url) ?? jsonResponse({}, 404, 'Not Found');
  };
}
