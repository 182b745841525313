import { GOV_TEXTS, GOVERNANCE } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { access, deferred, govServer, openBu, signIn } from '../test/gov-kit';
import type { LineageEntry } from './api';
import { trafficGraph } from './fixtures';

const AUTH = 'GET /api/data_gov/gouvernance/authorized-bus';
const KPIS = 'GET /api/data_gov/lineage/get_kpis';
const TABLES = 'GET /api/data_gov/lineage/tables';
const EDGES = 'GET /api/data_gov/lineage/edges';
const FILE = 'lineage/traffic.json';

const entry = (kpi_name: string, definition = ''): LineageEntry => ({ use_case: 'Traffic', kpi_name, definition, file_path: FILE });
const ENTRIES = [entry('Passengers', 'Departing and arriving passengers.'), entry('Stand occupancy'), entry('Aircraft movements')];

function lineageServer(kpis: () => unknown = () => ({ data: ENTRIES })) {
  const graph = trafficGraph();
  return govServer({
    [AUTH]: () => access({ SSA: ['Traffic/Lineage', 'Finance/Lineage'], AMA: ['Finance/Lineage'] }),
    [KPIS]: kpis,
    [TABLES]: () => ({ tables: graph.tables }),
    [EDGES]: () => ({ edges: graph.edges }),
  });
}

const chips = () => within(screen.getByRole('list', { name: 'KPIs of SSA - Traffic' })).getAllByRole('button');
const graphNode = (label: string) => screen.getByLabelText(label).closest('.react-flow__node') as HTMLElement;
const box = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
  // jsdom has none: React Flow observes its pane and nodes with it.
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

describe('Lineage tab', () => {
  it("says 'Loading...' and locks the BU selector while the KPIs load", async () => {
    const answer = deferred<unknown>();
    lineageServer(() => answer.promise);
    await openBu('Traffic', 'SSA');
    expect(await screen.findByText(GOV_TEXTS.loading)).toBeTruthy();
    const selector = screen.getByRole('combobox', { name: GOV_TEXTS.buSelection }) as HTMLSelectElement;
    await waitFor(() => expect(selector.disabled).toBe(true));
    await act(async () => answer.resolve({ data: [] }));
    expect(await screen.findByText(GOV_TEXTS.noLineage('SSA', 'Traffic'))).toBeTruthy();
    expect(selector.disabled).toBe(false);
  });

  it('says the module is not available when get_kpis returns nothing, or fails (logged), naming the BU as chosen', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = lineageServer(() => jsonResponse({ message: 'boom' }, 500, 'Internal Server Error'));
    await openBu('Finance', 'SSA/AMA');
    expect(await screen.findByText('The datalineage module is not available for "SSA/AMA - Finance"')).toBeTruthy();
    expect(server.callsTo('GET', '/api/data_gov/lineage/get_kpis')[0]?.query).toEqual({ use_case: 'Finance', asset: 'SSA' });
    expect(server.callsTo('GET', '/api/data_gov/lineage/tables')).toHaveLength(0);
    expect(logged).toHaveBeenCalled();
  });

  it('shows the KPI chips, the graph with quality badges, and the definition and explanation of the chosen KPI', async () => {
    const server = lineageServer();
    await openBu('Traffic', 'SSA');
    expect(await screen.findByLabelText('KPI Passengers')).toBeTruthy();
    expect(server.callsTo('GET', '/api/data_gov/lineage/get_kpis')[0]?.query).toEqual({ use_case: 'Traffic', asset: 'SSA' });
    expect(server.callsTo('GET', '/api/data_gov/lineage/tables')[0]?.query).toEqual({ file_path: FILE });
    expect(server.callsTo('GET', '/api/data_gov/lineage/edges')[0]?.query).toEqual({ file_path: FILE });

    expect(chips().map((c) => c.textContent)).toEqual(['Passengers', 'Stand occupancy', 'Aircraft movements']);
    expect(graphNode('Source system PowerBI measures')).toBeTruthy();
    expect(within(graphNode('Table FLIGHTS from AODB, quality failed')).getByText('failed')).toBeTruthy();
    expect(within(graphNode('Table STANDS from AODB, quality success')).getByText('success')).toBeTruthy();
    expect(within(graphNode('Table Total PAX from PowerBI measures')).queryByText(/success|failed|pending/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Recenter Graph' })).toBeTruthy();

    expect(within(box('Definition')).getByText('Passengers')).toBeTruthy();
    expect(within(box('Definition')).getByText('Departing and arriving passengers.')).toBeTruthy();
    expect(within(box('Definition')).getByText('#,##0')).toBeTruthy();
    expect(within(box('Explanation')).getByText('Sum of PAX over all flights.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stand occupancy' }));
    expect(screen.getByRole('button', { name: 'Stand occupancy' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(box('Definition')).getByText('0.0%')).toBeTruthy();
    expect(within(box('Explanation')).getByText(GOV_TEXTS.noExplanation)).toBeTruthy();

    // A listed KPI that the graph does not have: definition from get_kpis, no explanation, no export.
    fireEvent.click(screen.getByRole('button', { name: 'Aircraft movements' }));
    expect(within(box('Explanation')).getByText(GOV_TEXTS.noExplanation)).toBeTruthy();
    expect(within(box('Definition')).queryByRole('button', { name: 'Download upstream CSV' })).toBeNull();
  });

  it('filters the chips by KPI name, ignoring case, and clears the search', async () => {
    lineageServer();
    await openBu('Traffic', 'SSA');
    await screen.findByLabelText('KPI Passengers');
    const search = screen.getByRole('searchbox', { name: 'Search KPIs' });
    fireEvent.change(search, { target: { value: 'PASS' } });
    expect(chips().map((c) => c.textContent)).toEqual(['Passengers']);
    fireEvent.change(search, { target: { value: 'o' } });
    expect(chips().map((c) => c.textContent)).toEqual(['Stand occupancy', 'Aircraft movements']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(chips()).toHaveLength(3);
  });

  it('highlights the path of a clicked node, dims the rest, and clears on Escape', async () => {
    lineageServer();
    await openBu('Traffic', 'SSA');
    const stands = await screen.findByLabelText('Table STANDS from AODB, quality success');
    fireEvent.click(stands);
    const dimmed = () => [...document.querySelectorAll('.react-flow__node.opacity-15')].map((n) => n.getAttribute('data-id')).sort();
    expect(dimmed()).toEqual(['h-pbi', 'k-pax', 't-flights', 't-measure']);
    // The arrows: the path's in the accent layer over the nodes, the others dimmed under them.
    const arrows = (layer: string) => (document.querySelector(`.${layer} .lineage-edge`)?.getAttribute('d') ?? '').split('M').length - 1;
    expect(arrows('lineage-edges-path')).toBe(2);
    expect(arrows('lineage-edges-dimmed')).toBeGreaterThan(0);
    fireEvent.keyDown(stands, { key: 'Escape' });
    expect(dimmed()).toEqual([]);
    expect(document.querySelector('.lineage-edges-path')).toBeNull();
    expect(document.querySelector('.lineage-edges-dimmed')).toBeNull();
    expect(arrows('lineage-edges')).toBeGreaterThan(2);
    // Keyboard: Enter on a focused KPI node picks it and its upstream.
    fireEvent.keyDown(graphNode('KPI Passengers'), { key: 'Enter' });
    expect(dimmed()).toEqual(['k-occ', 't-stands']);
    expect(screen.getByRole('button', { name: 'Passengers' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps every node mounted and draws the minimap as one picture of them all, coloured by kind', async () => {
    lineageServer();
    await openBu('Traffic', 'SSA');
    await screen.findByLabelText('KPI Passengers');
    const ids = trafficGraph().tables.map((n) => n.id);
    const mounted = [...document.querySelectorAll('.react-flow__node')].map((n) => n.getAttribute('data-id'));
    expect(mounted.sort()).toEqual([...ids].sort());
    // One image in the minimap, no rect per node.
    const pictures = document.querySelectorAll('.react-flow__minimap .lineage-minimap-picture');
    expect(pictures).toHaveLength(1);
    expect(document.querySelector('.react-flow__minimap-node')).toBeNull();
    const svg = decodeURIComponent(pictures[0]!.getAttribute('href')!.slice('data:image/svg+xml,'.length));
    expect(svg.match(/<rect /g)).toHaveLength(ids.length);
  });

  it("downloads the chosen KPI's upstream as CSV", async () => {
    lineageServer();
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:mock';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await openBu('Traffic', 'SSA');
    fireEvent.click(await screen.findByRole('button', { name: 'Stand occupancy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download upstream CSV' }));
    expect(names).toEqual(['lineage-SSA-Traffic-Stand occupancy.csv']);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheet tools read accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      "source,table,column,kpi\r\nAODB,FLIGHTS,'=cmd|calc,Stand occupancy\r\nAODB,STANDS,STAND,Stand occupancy",
    );
  });
});
