import type { ServiceStatus, ServicesResponse } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { fakeServer, signInWith } from '../test/admin-test-kit';
import { DataAnalyticsApp } from './DataAnalyticsApp';

// Issue 33 item 6: administrators find in tab 74 what employees only read as "not set up (ask your
// administrator)": each engine, configured or not, answering or not, and what to set.

const TAB = { id: 74, appId: 'Admin/SuperAdmin', title: 'Data Analytics', icon: 'chart-line', externalLink: null };

const service = (over: Partial<ServiceStatus> & Pick<ServiceStatus, 'id' | 'group' | 'name'>): ServiceStatus => ({
  usedBy: '',
  configured: true,
  reachable: 'yes',
  detail: null,
  settings: [],
  install: null,
  docs: 'README.md, Configuration',
  ...over,
});

const SERVICES: ServicesResponse = {
  checkedAt: '2026-11-24T09:30:00.000Z',
  timeoutMs: 2500,
  services: [
    service({
      id: 'llm:openai',
      group: 'Chat models',
      name: 'OpenAI',
      usedBy: 'GPT 4o, Multimodal',
      detail: 'api.openai.com answered (HTTP 401; the check sends no key, so the key itself is not checked).',
      settings: [
        { key: 'OPENAI_API_KEY', required: true, set: true },
        { key: 'OPENAI_BASE_URL', required: false, set: false },
      ],
    }),
    service({
      id: 'llm:mistral',
      group: 'Chat models',
      name: 'Mistral',
      reachable: 'no',
      detail: 'api.mistral.ai did not answer within 2.5 s.',
      settings: [{ key: 'MISTRAL_API_KEY', required: true, set: true }],
    }),
    service({
      id: 'translation:GoogleTranslate',
      group: 'Translation',
      name: 'Google Translate (Cloud Translation v3)',
      configured: false,
      reachable: 'unknown',
      detail: 'Set GOOGLE_TRANSLATE_PROJECT and GOOGLE_TRANSLATE_API_KEY.',
      settings: [
        { key: 'GOOGLE_TRANSLATE_PROJECT', required: true, set: false },
        { key: 'GOOGLE_TRANSLATE_API_KEY', required: true, set: false },
      ],
    }),
    service({
      id: 'ocr:tesseract',
      group: 'OCR and documents',
      name: 'OCR: Tesseract',
      reachable: 'no',
      detail: 'Not installed on this server: tesseract.',
      install: 'tesseract-ocr poppler-utils',
    }),
  ],
};

beforeEach(() => {
  signInWith(['Admin/SuperAdmin']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function servicesServer() {
  return fakeServer(({ url }) => (url.startsWith('/api/admin/services') ? jsonResponse(SERVICES) : undefined));
}

async function openServices() {
  renderWithProviders(<DataAnalyticsApp tab={TAB} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Data Analytics' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Services' }));
  await screen.findByTestId('services-summary');
}

describe('Data Analytics (tab 74), Services', () => {
  it('lists each engine by group: configured, reachable with why, and the keys to set with whether each is set', async () => {
    servicesServer();
    await openServices();
    expect(screen.getByRole('button', { name: 'Services' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('services-summary').textContent).toBe(
      '3 of 4 services configured · 2 not answering: Mistral, OCR: Tesseract',
    );
    for (const group of ['Chat models', 'Translation', 'OCR and documents'])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();

    const openai = screen.getByTestId('service-llm:openai');
    expect(within(openai).getByText('GPT 4o, Multimodal')).toBeTruthy();
    expect(within(openai).getByText('Answers')).toBeTruthy();
    expect(within(openai).getByText(/HTTP 401/)).toBeTruthy();
    const keys = within(openai).getByRole('list', { name: 'Configuration keys of OpenAI' });
    expect([...keys.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['OPENAI_API_KEYrequired', 'OPENAI_BASE_URLoptional']);
    expect(within(keys).getAllByLabelText('set')).toHaveLength(1);

    const google = screen.getByTestId('service-translation:GoogleTranslate');
    expect(within(google).getByText('No')).toBeTruthy();
    expect(within(google).getByText('Not checked')).toBeTruthy();
    expect(within(google).getByText('Set GOOGLE_TRANSLATE_PROJECT and GOOGLE_TRANSLATE_API_KEY.')).toBeTruthy();

    const ocr = screen.getByTestId('service-ocr:tesseract');
    expect(within(ocr).getByText('Not answering')).toBeTruthy();
    expect(within(ocr).getByText('tesseract-ocr poppler-utils')).toBeTruthy();
  });

  it('checks again on demand, bypassing the last check', async () => {
    const server = servicesServer();
    await openServices();
    expect(server.callsTo('GET', '/api/admin/services').map((c) => c.url)).toEqual(['/api/admin/services']);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/services').map((c) => c.url)).toContain('/api/admin/services?fresh=true'));
  });

  it('goes back to the spend view', async () => {
    servicesServer();
    await openServices();
    fireEvent.click(screen.getByRole('button', { name: 'GenAI usage' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByTestId('services-summary')).toBeNull();
  });
});
