import { HOME_TAB_ID, type MenuResponse } from '@hangar/contract';
import { vi } from 'vitest';
import { chatRoutes, defaultChatState } from '../../apps/chat/test/chat-server';
import { jsonResponse } from '../../test/helpers';
import { menuItem } from '../../test/menu';

/** What the fake server answers; tests change it between steps. */
export interface CreditServerState {
  remaining: number;
  limit: number;
  pending: boolean;
  /** /api/credit answers with this status instead of 200 when set. */
  balanceStatus?: number;
  /** Status of create_credits_request: 201 records a pending request. */
  createStatus: number;
  /** When set, create_credits_request waits for it before answering. */
  createGate?: Promise<void>;
}

export const CREDIT_URLS = {
  balance: '/api/credit',
  profile: '/api/admin/user_management/get_current_user_data',
  status: '/api/admin/credits_management/get_current_user_credits_requests_status',
  create: '/api/admin/credits_management/create_credits_request',
} as const;

export const CREDIT_TEST_MENU: MenuResponse = {
  items: [
    menuItem(HOME_TAB_ID, 'SecuredGPT', 'SecuredGPT'),
    menuItem(6, 'Talk to my data', 'Generative Analytics'),
    menuItem(3, 'Translator', 'Translator'),
    menuItem(7, 'Multi Docs', 'Multi Docs'),
    menuItem(75, 'User Rights', 'Admin Management'),
  ],
  staging: false,
  links: { documentation: 'https://docs.example.org', reportBug: 'https://bugs.example.org/new' },
};

/** A fetch stub answering the shell and credit routes from `state`; `posts` collects request bodies. */
export function creditServer(state: CreditServerState) {
  const posts: unknown[] = [];
  // Tab 9 is the chat: it reads its configuration, models and history (a failed read would log out).
  const chat = chatRoutes(defaultChatState());
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const chatAnswer = await chat(url, init);
    if (chatAnswer) return chatAnswer;
    if (url === '/api/shell/menu') return jsonResponse(CREDIT_TEST_MENU);
    if (url === '/api/shell/me')
      return jsonResponse({ email: 'ada@hangar.local', name: 'Ada Lovelace', bu: null, airport: null, apps: [], groups: [] });
    if (url === '/auth/logout') return jsonResponse({ ok: true, logout_url: 'https://idp.example.org/logout' });
    if (url === CREDIT_URLS.balance) {
      if (state.balanceStatus) return jsonResponse({ detail: 'Credit service unavailable' }, state.balanceStatus, 'Error');
      return jsonResponse({ remaining_credit: state.remaining });
    }
    if (url === CREDIT_URLS.profile)
      return jsonResponse({
        email: 'ada@hangar.local',
        name: 'Ada Lovelace',
        bu: null,
        airport: null,
        creditLimit: state.limit,
        remainingCredit: state.remaining,
      });
    if (url === CREDIT_URLS.status) return jsonResponse({ isPending: state.pending });
    if (url === CREDIT_URLS.create && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      await state.createGate;
      if (state.createStatus === 201) {
        state.pending = true;
        return jsonResponse({ id: 'r1' }, 201, 'Created');
      }
      if (state.createStatus === 409) {
        state.pending = true;
        return jsonResponse({ detail: 'A credit request is already pending' }, 409, 'Conflict');
      }
      return jsonResponse({ detail: 'Something went wrong' }, state.createStatus, 'Error');
    }
    return jsonResponse({}, 404, 'Not Found');
  });
  const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url).length;
  return { fetchMock, posts, calls };
}
