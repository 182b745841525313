import { SHELL } from '@hangar/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PolicyGate } from './PolicyGate';

const SCROLL_HEIGHT = 2000;
const CLIENT_HEIGHT = 500;

function clearPolicyCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up of the real cookie the gate reads
  document.cookie = `${SHELL.policyCookie}=; Max-Age=0; Path=/`;
}

function scrollTo(box: HTMLElement, top: number) {
  box.scrollTop = top;
  fireEvent.scroll(box);
}

beforeEach(() => {
  clearPolicyCookie();
  // jsdom has no layout: give the policy box a real overflow.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(SCROLL_HEIGHT);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(CLIENT_HEIGHT);
});

afterEach(() => {
  cleanup();
  clearPolicyCookie();
  vi.restoreAllMocks();
});

describe('PolicyGate', () => {
  it('covers all the required topics', () => {
    render(<PolicyGate />);
    const text = screen.getByTestId('policy-scroll').textContent ?? '';
    for (const topic of [
      'Authorized business use only',
      'Confidentiality',
      'Ethical use',
      'Accuracy',
      'Monitoring',
      'Reporting',
      'Acknowledgment',
    ]) {
      expect(text).toContain(topic);
    }
  });

  it('keeps Accept disabled until the policy is scrolled to the bottom', () => {
    render(<PolicyGate />);
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Accept' });
    const box = screen.getByTestId('policy-scroll');
    expect(accept.disabled).toBe(true);

    scrollTo(box, 800);
    expect(accept.disabled).toBe(true);
    scrollTo(box, SCROLL_HEIGHT - CLIENT_HEIGHT - 20);
    expect(accept.disabled).toBe(true);

    scrollTo(box, SCROLL_HEIGHT - CLIENT_HEIGHT - 2);
    expect(accept.disabled).toBe(false);
  });

  it('accepting sets CGUAccepted=true and closes the gate', () => {
    render(<PolicyGate />);
    scrollTo(screen.getByTestId('policy-scroll'), SCROLL_HEIGHT - CLIENT_HEIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.cookie).toContain(`${SHELL.policyCookie}=true`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown when the cookie is already set', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test set-up of the real cookie the gate reads
    document.cookie = `${SHELL.policyCookie}=true; Path=/`;
    render(<PolicyGate />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is the whole page, not a dialog over the portal: the portal behind it is inert until Accept', () => {
    render(
      <div>
        <button type="button">Portal menu</button>
        <PolicyGate />
      </div>,
    );
    const gate = screen.getByTestId('policy-gate');
    expect(gate.className).toContain('inset-0');
    expect(gate.className).not.toMatch(/bg-black|backdrop/);
    expect(screen.getByRole('heading', { level: 1, name: /policy/i })).toBeTruthy();
    const portalButton = screen.getByText('Portal menu');
    expect(portalButton.inert).toBe(true);
    scrollTo(screen.getByTestId('policy-scroll'), SCROLL_HEIGHT - CLIENT_HEIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(portalButton.inert).toBe(false);
  });
});
