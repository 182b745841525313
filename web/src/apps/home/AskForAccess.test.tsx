import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { AskForAccess, useAccessRequests } from './AskForAccess';

const fetchMock = vi.fn<typeof fetch>();
let mine: { appId: string; status: string }[] = [];

function Harness() {
  return <AskForAccess appId="Dashboard/Finance" title="Finance" state={useAccessRequests()} />;
}

beforeEach(() => {
  mine = [];
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const base = {
      askedBy: 'v@h',
      askedByName: 'V',
      userBu: null,
      bu: null,
      message: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      decidedAt: null,
      comment: null,
      can: { decide: false, why: 'This is your own request.' },
    };
    if (url === '/api/access_requests' && init?.method === 'POST') {
      const { appId } = JSON.parse(String(init.body));
      mine.push({ appId, status: 'pending' });
      return jsonResponse({ id: '1', appId, status: 'pending', ...base }, 201);
    }
    if (url === '/api/access_requests/mine') return jsonResponse({ requests: mine.map((m, i) => ({ id: String(i), ...base, ...m })) });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('asks for the application once, then says the access was requested', async () => {
  renderWithProviders(<Harness />);
  fireEvent.click(await screen.findByRole('button', { name: 'Ask for access to Finance' }));
  expect(await screen.findByText('Access requested')).toBeTruthy();
  const posts = fetchMock.mock.calls.filter(([url, init]) => url === '/api/access_requests' && init?.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ appId: 'Dashboard/Finance' });
});
