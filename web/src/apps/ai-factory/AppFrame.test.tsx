import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { AppFrame } from './AppFrame';

const closeTab = vi.fn();
vi.mock('../../shell/tabs/TabsProvider', () => ({ useTabs: () => ({ closeTab }) }));

const fetchMock = vi.fn<typeof fetch>();
const SESSION = '7d3c1a52-3f3e-4a8e-9b1a-0f6f2b7c9d11';
const status = (state: string, reason: string | null = null) => ({
  id: 1001,
  appName: 'passenger-forecast',
  title: 'Passenger Forecast',
  description: 'd',
  icon: 'users',
  state,
  reason,
  wakeable: state === 'sleeping',
  checkedAt: '2026-11-24T10:00:00.000Z',
});
let ping: () => Response;
let events: string;

beforeEach(() => {
  closeTab.mockReset();
  fetchMock.mockReset();
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  ping = () => jsonResponse(status('running'));
  events = `data: ${JSON.stringify({ status: 'active', error: null, app: 'running' })}\n\n`;
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/streamlit/ping/single') return ping();
    if (url === '/api/streamlit/wake') return jsonResponse(status('running'));
    if (url === '/api/streamlit/create-session')
      return jsonResponse({ uuid: SESSION, start_time: '2026-11-24T10:00:00.000Z', url: '/ai-factory/1001/?embed=true' });
    if (url.startsWith('/api/streamlit/stream-session/')) return new Response(events, { headers: { 'content-type': 'text/event-stream' } });
    if (url.startsWith('/api/streamlit/delete-session/')) return jsonResponse({ ok: true });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const frame = () => renderWithProviders(<AppFrame tabId={1001} appName="passenger-forecast" title="Passenger Forecast" />);
const called = (prefix: string) => fetchMock.mock.calls.some(([url]) => String(url).startsWith(prefix));

it('embeds the app in an iframe at its portal address with embed=true', async () => {
  frame();
  const iframe = await screen.findByTitle('Passenger Forecast');
  expect(iframe.getAttribute('src')).toBe('/ai-factory/1001/?embed=true');
  expect(screen.getByText('Passenger Forecast: Starting')).toBeTruthy();
  expect(closeTab).not.toHaveBeenCalled();
});

it.each(['expired', 'not_found', 'connection_closed'])('closes the tab and deletes the session when it is %s', async (state) => {
  events += `data: ${JSON.stringify({ status: state, error: `session ${state}` })}\n\n`;
  frame();
  await waitFor(() => expect(closeTab).toHaveBeenCalledWith(1001));
  expect(called(`/api/streamlit/delete-session/${SESSION}`)).toBe(true);
});

it('keeps the tab and says so when the stream fails (error)', async () => {
  events += `data: ${JSON.stringify({ status: 'error', error: 'The portal could not check this session.' })}\n\n`;
  frame();
  expect(await screen.findByText('The portal could not check this session.')).toBeTruthy();
  expect(closeTab).not.toHaveBeenCalled();
});

it('closes the tab when the ping fails', async () => {
  ping = () => jsonResponse({ message: 'You do not hold AI_Factory/Passenger Forecast' }, 403);
  frame();
  await waitFor(() => expect(closeTab).toHaveBeenCalledWith(1001));
  expect(called('/api/streamlit/create-session')).toBe(false);
});

it('offers Wake for a sleeping app and shows it running after', async () => {
  ping = () => jsonResponse(status('sleeping', 'The app is starting or asleep.'));
  events = `data: ${JSON.stringify({ status: 'active', error: null, app: 'sleeping' })}\n\n`;
  frame();
  fireEvent.click(await screen.findByRole('button', { name: 'Wake' }));
  await waitFor(() => expect(called('/api/streamlit/wake')).toBe(true));
  expect(await screen.findByText('Passenger Forecast: Starting')).toBeTruthy();
});

it('shows a down app’s reason instead of the frame, and a not deployed app’s how-to', async () => {
  ping = () => jsonResponse(status('down', 'The app does not answer at its address (10.0.0.5:8501).'));
  events = `data: ${JSON.stringify({ status: 'active', error: null, app: 'down' })}\n\n`;
  frame();
  expect(await screen.findByRole('heading', { name: 'Passenger Forecast is down' })).toBeTruthy();
  expect(screen.queryByTitle('Passenger Forecast')).toBeNull();
  cleanup();
  fetchMock.mockClear();
  ping = () => jsonResponse(status('not_deployed', 'Not deployed yet. An administrator registers it in AI_FACTORY_APPS.'));
  frame();
  expect(await screen.findByRole('heading', { name: 'Passenger Forecast is not deployed' })).toBeTruthy();
  expect(screen.getByText(/AI_FACTORY_APPS/)).toBeTruthy();
  expect(called('/api/streamlit/create-session')).toBe(false);
});
