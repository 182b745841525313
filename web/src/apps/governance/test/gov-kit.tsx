import { type AuthorizedBusResponse, GOV_TAB_IDS, type GovUseCase, type IngestionItem, type ReferentialItem } from '@hangar/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { setAccessToken } from '../../../api/token-store';
import { jsonResponse, makeJwt } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { GovernanceApp } from '../GovernanceApp';

/** A request as the fake server saw it: multipart fields in order (files as `file:<name>`), JSON bodies parsed. */
export interface GovCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  form: [string, string][] | null;
}

type Handler = (call: GovCall) => unknown;

/** A fetch stand-in keyed by 'METHOD /path'; a handler may answer a body (sent as JSON) or a Response. */
export function govServer(given: Record<string, Handler>) {
  // Screens ask whether the demo warehouse is still being built; by default it is not.
  const routes: Record<string, Handler> = {
    'GET /api/data_gov/gouvernance/demo-status': () => ({ preparing: false, done: 0, total: 0 }),
    ...given,
  };
  const calls: GovCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const form =
      init?.body instanceof FormData
        ? [...init.body.entries()].map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : `file:${v.name}`])
        : null;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: GovCall = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, form };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ message: `No route for ${method} ${url.pathname}` }, 404, 'Not Found');
    const answer = await handler(call);
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** Authorised-BUs answer from 'BU -> application names' (one group per BU). */
export function access(apps: Record<string, string[]>): AuthorizedBusResponse {
  return {
    authorised_bus: Object.keys(apps),
    user_permissions: Object.fromEntries(Object.entries(apps).map(([bu, names]) => [bu, { [`${bu} data team`]: names }])),
  };
}

export const pending = { loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' } as const;
export const awaitingKpis = { loaded: 'finished', checkfile: 'finished', checkKpis: 'running', processed: 'pending' } as const;
export const allFinished = { loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' } as const;

export function ingestionItem(overrides: Partial<IngestionItem> & Pick<IngestionItem, 'file_type'>): IngestionItem {
  return {
    version: null,
    linked: null,
    versions: [],
    status: { ...pending },
    error: null,
    url: null,
    kpis: null,
    uploaded_by: null,
    date: null,
    check_ref_messages: null,
    tmp_bucket_url: null,
    final_filename: null,
    file_id: null,
    file_url: null,
    ...overrides,
  };
}

export function referentialItem(overrides: Partial<ReferentialItem> & Pick<ReferentialItem, 'file_type'>): ReferentialItem {
  return {
    version: null,
    status: 'pending',
    error: null,
    file_url: null,
    last_modified: null,
    final_filename: null,
    linked_url: null,
    template: false,
    ...overrides,
  };
}

export function signIn() {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', email: 'ada@hangar.local' }));
}

export function renderUseCase(useCase: GovUseCase) {
  const id = GOV_TAB_IDS[useCase];
  return renderWithProviders(
    <GovernanceApp tab={{ id, appId: `Data_gov/${useCase}`, title: useCase, icon: 'shield', externalLink: null }} />,
  );
}

/** Renders the use case's tab and picks the BU in the picker. */
export async function openBu(useCase: GovUseCase, bu: string) {
  renderUseCase(useCase);
  fireEvent.click(await screen.findByRole('button', { name: bu }));
}

export const dropFiles = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText(/^Choose (files|a file) to upload$/), { target: { files } });

export const xlsx = (name: string) => new File(['x'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

export const checksRow = (name: string) => within(screen.getByRole('table', { name: 'File Checks' })).getByRole('row', { name });

/** The page's periods, as their buttons read. */
export const periodButtons = () => within(screen.getByRole('group', { name: 'Period' })).getAllByRole('button');

export const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
