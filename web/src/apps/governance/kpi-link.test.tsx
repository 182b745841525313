import { GOVERNANCE } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { GovernanceApp } from './GovernanceApp';
import type { LineageEntry } from './lineage/api';
import { trafficGraph } from './lineage/fixtures';
import { kpiLinkFromParams } from './quality-link';
import { access, govServer, signIn } from './test/gov-kit';
import { quality, qualityRow } from './test/quality-kit';

// Talk to my data's Lineage and Quality links (web/src/apps/analytics/KpiLinks.tsx) open a use
// case's tab with {view, kpi, table}: the tab shows that sub-tab on the KPI, new or already open.

const FILE = 'lineage/traffic.json';
const entry = (kpi_name: string): LineageEntry => ({ use_case: 'Traffic', kpi_name, definition: `${kpi_name} defined`, file_path: FILE });

function serve(perms: Record<string, string[]> = { SSA: ['Traffic/Quality', 'Traffic/Lineage'] }) {
  const graph = trafficGraph();
  return govServer({
    'GET /api/data_gov/gouvernance/authorized-bus': () => access(perms),
    'GET /api/data_gov/lineage/get_kpis': () => ({ data: [entry('Passengers'), entry('Stand occupancy')] }),
    'GET /api/data_gov/lineage/tables': () => ({ tables: graph.tables }),
    'GET /api/data_gov/lineage/edges': () => ({ edges: graph.edges }),
    'GET /api/data_gov/gouvernance/get_years': () => [2024],
    'POST /api/data_gov/gouvernance/quality': () =>
      quality({ data_integrity: [qualityRow({ table_name: 'FLIGHTS' }), qualityRow({ table_name: 'STANDS' })] }),
  });
}

/** The Traffic tab as the shell shows it, with buttons that reopen it with other params. */
function Harness({ first, others }: { first: Record<string, string> | undefined; others: Record<string, Record<string, string>> }) {
  const [params, setParams] = useState(first);
  return (
    <>
      {Object.entries(others).map(([name, next]) => (
        <button key={name} type="button" onClick={() => setParams({ ...next })}>
          {name}
        </button>
      ))}
      <GovernanceApp tab={{ id: 51, appId: 'Data_gov/Traffic', title: 'Traffic', icon: 'shield-check', externalLink: null, params }} />
    </>
  );
}

const selectedSubTab = () =>
  within(screen.getByRole('tablist', { name: 'Data governance' }))
    .getAllByRole('tab')
    .find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const definition = () => screen.getByRole('region', { name: 'Definition' });
const dimmed = () => [...document.querySelectorAll('.react-flow__node.opacity-15')].map((n) => n.getAttribute('data-id')).sort();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('links from Talk to my data', () => {
  it('reads {view, kpi, table} and nothing else as a KPI link', () => {
    expect(kpiLinkFromParams({ view: 'Lineage', kpi: 'Revenue' })).toEqual({ view: 'Lineage', kpi: 'Revenue', table: null });
    expect(kpiLinkFromParams({ view: 'Quality', kpi: 'Revenue', table: 'GENERAL_LEDGER' })).toEqual({
      view: 'Quality',
      kpi: 'Revenue',
      table: 'GENERAL_LEDGER',
    });
    expect(kpiLinkFromParams({ view: 'Ingestion', kpi: 'Revenue' })).toBeNull();
    expect(kpiLinkFromParams({ view: 'Lineage' })).toBeNull();
    expect(kpiLinkFromParams({ check: 'file_integrity', bu: 'SSA' })).toBeNull();
    expect(kpiLinkFromParams(undefined)).toBeNull();
  });

  it('opens Data Lineage on the KPI, its chip chosen and its path highlighted, with the only BU chosen for the user', async () => {
    serve();
    renderWithProviders(<Harness first={{ view: 'Lineage', kpi: 'Stand occupancy' }} others={{}} />);
    await screen.findByLabelText('KPI Stand occupancy', {}, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Traffic - SSA');
    expect(selectedSubTab()).toBe('Data Lineage');
    expect(screen.getByRole('button', { name: 'Stand occupancy' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(definition()).getByText('Stand occupancy defined')).toBeTruthy();
    // Its path (STANDS and FLIGHTS into Stand occupancy) stays lit; the rest is dimmed.
    await waitFor(() => expect(dimmed()).toEqual(['h-pbi', 'k-pax', 't-measure']));
  });

  it('follows a new link while already open: from Quality back to Lineage on another KPI', async () => {
    const server = serve();
    renderWithProviders(
      <Harness
        first={{ view: 'Quality', kpi: 'Stand occupancy', table: 'STANDS' }}
        others={{ lineage: { view: 'Lineage', kpi: 'Passengers' }, quality: { view: 'Quality', kpi: 'Passengers', table: 'FLIGHTS' } }}
      />,
    );
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(selectedSubTab()).toBe('Quality');
    expect((screen.getByRole('combobox', { name: 'Table name' }) as HTMLSelectElement).value).toBe('STANDS');
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality')[0]?.body).toMatchObject({ asset: 'SSA', use_case: 'Traffic' });

    fireEvent.click(screen.getByRole('button', { name: 'lineage' }));
    await screen.findByLabelText('KPI Passengers', {}, { timeout: 10_000 });
    expect(selectedSubTab()).toBe('Data Lineage');
    expect(screen.getByRole('button', { name: 'Passengers' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(dimmed()).toEqual(['k-occ', 't-stands']));

    fireEvent.click(screen.getByRole('button', { name: 'quality' }));
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(selectedSubTab()).toBe('Quality');
    expect((screen.getByRole('combobox', { name: 'Table name' }) as HTMLSelectElement).value).toBe('FLIGHTS');
  });

  it('asks for the BU first when the user has several, then shows the linked view; a KPI without lineage is said', async () => {
    serve({ SSA: ['Traffic/Lineage'], LGW: ['Traffic/Lineage'] });
    renderWithProviders(<Harness first={{ view: 'Lineage', kpi: 'Revenue' }} others={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'LGW' }));
    expect(await screen.findByText('Revenue has no lineage for LGW - Traffic.')).toBeTruthy();
    expect(selectedSubTab()).toBe('Data Lineage');
    // The first KPI is shown instead.
    expect(screen.getByRole('button', { name: 'Passengers' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lands on the first authorised sub-tab when the linked one is not authorised', async () => {
    serve({ SSA: ['Traffic/Quality'] });
    renderWithProviders(<Harness first={{ view: 'Lineage', kpi: 'Passengers' }} others={{}} />);
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(selectedSubTab()).toBe('Quality');
  });
});
