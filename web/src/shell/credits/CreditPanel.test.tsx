import { CREDIT_TEXTS } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { TabsProvider } from '../tabs/TabsProvider';
import { CreditPanel } from './CreditPanel';
import { CreditsProvider } from './CreditsProvider';
import { CREDIT_URLS, type CreditServerState, creditServer } from './credit-test-server';

let state: CreditServerState;
let server: ReturnType<typeof creditServer>;

function serve(overrides: Partial<CreditServerState> = {}) {
  state = { remaining: 4000, limit: 5000, pending: false, createStatus: 201, ...overrides };
  server = creditServer(state);
  vi.stubGlobal('fetch', server.fetchMock);
}

beforeEach(() => {
  // The portal keeps the active tab in the address; each test starts from a plain "/".
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace' }));
  serve();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPanel({ sidebarOpen = true } = {}) {
  renderWithProviders(
    <TabsProvider>
      <CreditsProvider>
        <CreditPanel sidebarOpen={sidebarOpen} />
      </CreditsProvider>
    </TabsProvider>,
  );
  if (sidebarOpen) return within(await screen.findByTestId('credit-panel'));
  return within(document.body);
}

async function openModal() {
  const panel = await renderPanel();
  fireEvent.click(panel.getByRole('button', { name: 'Send request' }));
  const dialog = screen.getByRole('dialog', { name: 'Get more GenAI credits' });
  return { panel, dialog: within(dialog), dialogElement: dialog };
}

const amountInput = () => screen.getByLabelText<HTMLInputElement>('Amount of credits');

describe('CreditPanel', () => {
  it('at exactly 20% shows the balance red with the "used 80%" warning', async () => {
    serve({ remaining: 1000, limit: 5000 });
    const panel = await renderPanel();
    expect(panel.getByText('1,000 / 5,000 credits')).toBeTruthy();
    expect(screen.getByTestId('credit-panel').dataset.level).toBe('low');
    expect(screen.getByTestId('credit-bar').className).toContain('bg-red-400');
    expect(panel.getByText(CREDIT_TEXTS.low(80))).toBeTruthy();
    expect(CREDIT_TEXTS.low(80)).toBe('You have used 80% of your available credits. Need more?');
  });

  it('at 21% shows it green without a warning', async () => {
    serve({ remaining: 1050, limit: 5000 });
    const panel = await renderPanel();
    expect(panel.getByText('1,050 / 5,000 credits')).toBeTruthy();
    expect(screen.getByTestId('credit-panel').dataset.level).toBe('ok');
    expect(screen.getByTestId('credit-bar').className).toContain('bg-emerald-400');
    expect(panel.queryByText(/You have used/)).toBeNull();
  });

  it('rounds the credits and the used percentage, with thousands separators', async () => {
    serve({ remaining: 2345.6, limit: 12000 });
    const panel = await renderPanel();
    expect(panel.getByText('2,346 / 12,000 credits')).toBeTruthy();
    // 2345.6 / 12000 = 19.55% -> 20% remaining -> 80% used.
    expect(panel.getByText(CREDIT_TEXTS.low(80))).toBeTruthy();
    expect(panel.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
  });

  it('uses the default limit of 5000 when the profile cannot be read', async () => {
    serve({ remaining: 4000 });
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) =>
      String(input) === CREDIT_URLS.profile ? new Response('nope', { status: 500 }) : original(input, init),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const panel = await renderPanel();
    expect(panel.getByText('4,000 / 5,000 credits')).toBeTruthy();
  });

  it('replaces the Send request button with "Your request is being reviewed." while a request is pending', async () => {
    serve({ pending: true });
    const panel = await renderPanel();
    expect(await panel.findByText(CREDIT_TEXTS.reviewing)).toBeTruthy();
    expect(CREDIT_TEXTS.reviewing).toBe('Your request is being reviewed.');
    expect(panel.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('treats a failed status read as no pending request', async () => {
    serve();
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) =>
      String(input) === CREDIT_URLS.status ? new Response('down', { status: 503 }) : original(input, init),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const panel = await renderPanel();
    await waitFor(() => expect(server.calls(CREDIT_URLS.status)).toBe(1));
    expect(panel.getByRole('button', { name: 'Send request' })).toBeTruthy();
  });

  it('collapsed, shows a coloured ring whose tooltip carries the balance', async () => {
    serve({ remaining: 900, limit: 5000 });
    await renderPanel({ sidebarOpen: false });
    const indicator = await screen.findByTestId('credit-indicator');
    expect(indicator.dataset.level).toBe('low');
    expect(indicator.getAttribute('title')).toContain('900 / 5,000 credits');
    expect(indicator.getAttribute('title')).toContain(CREDIT_TEXTS.low(82));
    fireEvent.click(indicator);
    expect(screen.getByRole('dialog', { name: 'Get more GenAI credits' })).toBeTruthy();
  });
});

describe('CreditRequestModal', () => {
  it('is a labelled modal dialog with a default of 500 that arrows change by 500', async () => {
    const { dialogElement } = await openModal();
    expect(dialogElement.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByLabelText('Message (optional)').tagName).toBe('TEXTAREA');
    const amount = amountInput();
    expect(amount.value).toBe('500');
    expect(document.activeElement).toBe(amount);

    fireEvent.keyDown(amount, { key: 'ArrowUp' });
    expect(amount.value).toBe('1000');
    fireEvent.keyDown(amount, { key: 'ArrowUp' });
    expect(amount.value).toBe('1500');
    fireEvent.keyDown(amount, { key: 'ArrowDown' });
    expect(amount.value).toBe('1000');
  });

  it('shows an empty field at 0 or less, and Send is then unavailable', async () => {
    const { dialog } = await openModal();
    const amount = amountInput();
    fireEvent.keyDown(amount, { key: 'ArrowDown' });
    expect(amount.value).toBe('');
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    // Stepping down from empty stays empty; stepping up starts again from 0.
    fireEvent.keyDown(amount, { key: 'ArrowDown' });
    expect(amount.value).toBe('');
    fireEvent.keyDown(amount, { key: 'ArrowUp' });
    expect(amount.value).toBe('500');

    fireEvent.change(amount, { target: { value: '0' } });
    expect(amount.value).toBe('');
    fireEvent.change(amount, { target: { value: '-250' } });
    expect(amount.value).toBe('');
    fireEvent.keyDown(amount, { key: 'ArrowUp' });
    expect(amount.value).toBe('500');
    fireEvent.change(amount, { target: { value: '12345' } });
    expect(amount.value).toBe('12345');
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });

  it('sends once when Send is pressed twice while the request is on its way', async () => {
    let release!: () => void;
    serve({ createGate: new Promise<void>((resolve) => (release = resolve)) });
    const { dialog } = await openModal();
    fireEvent.keyDown(amountInput(), { key: 'ArrowUp' });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '  For the Q3 report  ' } });

    const send = dialog.getByRole('button', { name: 'Send' });
    const form = send.closest('form')!;
    fireEvent.click(send);
    fireEvent.click(send);
    fireEvent.submit(form);
    await waitFor(() => expect(server.posts).toHaveLength(1));
    await act(async () => release());

    expect(await dialog.findByText('Thank you!')).toBeTruthy();
    expect(server.posts).toEqual([{ creditAsked: 1000, message: 'For the Q3 report' }]);
  });

  it('leaves the message out when it is blank', async () => {
    const { dialog } = await openModal();
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await dialog.findByText('Thank you!');
    expect(server.posts).toEqual([{ creditAsked: 500 }]);
  });

  it('thanks, counts down from 5 and closes after 5 s; then the request shows as being reviewed', async () => {
    const { panel, dialog } = await openModal();
    vi.useFakeTimers();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(dialog.getByRole('button', { name: 'Close (5s)' })).toBeTruthy();
    // Pending starts when the thank-you view goes away, not before.
    expect(panel.getByRole('button', { name: 'Send request' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(dialog.getByRole('button', { name: 'Close (4s)' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dialog.getByRole('button', { name: 'Close (1s)' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(screen.queryByRole('dialog')).toBeNull();
    // The query cache tells its readers a few zero-delay timers later.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(panel.getByText(CREDIT_TEXTS.reviewing)).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('the countdown button closes at once', async () => {
    const { panel, dialog } = await openModal();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Close (5s)' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await panel.findByText(CREDIT_TEXTS.reviewing)).toBeTruthy();
  });

  it('closes silently when the request fails', async () => {
    serve({ createStatus: 500 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { panel, dialog } = await openModal();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Thank you!')).toBeNull();
    expect(screen.queryByText(/went wrong/)).toBeNull();
    expect(panel.getByRole('button', { name: 'Send request' })).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it('after a 409 (a request already pending) closes and shows the pending state', async () => {
    serve({ createStatus: 409 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { panel, dialog } = await openModal();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await panel.findByText(CREDIT_TEXTS.reviewing)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and on a click outside, not on a click inside', async () => {
    const { panel, dialogElement } = await openModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(panel.getByRole('button', { name: 'Send request' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('credit-modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialogElement.isConnected).toBe(false);
    expect(server.posts).toHaveLength(0);
  });
});
