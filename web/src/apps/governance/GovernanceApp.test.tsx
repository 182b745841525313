import { GOV_TEXTS, GOVERNANCE } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { busForUseCase, govAppsFor } from './access';
import { access, deferred, govServer, openBu, renderUseCase, signIn } from './test/gov-kit';

const AUTH = 'GET /api/data_gov/gouvernance/authorized-bus';
const INGESTION = 'GET /api/data_gov/ingestion/data';
const REFERENTIAL = 'GET /api/data_gov/referentiel/data';

beforeEach(() => {
  localStorage.clear();
  // The help popup has its own suite; here it stays out of the way.
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subTabs = () => within(screen.getByRole('tablist', { name: 'Data governance' })).getAllByRole('tab');
const pickerButtons = () => within(screen.getByRole('region', { name: 'BU choice' })).getAllByRole('button');

describe('BU access rules', () => {
  const perms = access({
    SSA: ['Finance/Ingestion'],
    AMA: ['Finance/Quality', 'Retail/Lineage'],
    LGW: ['finance/referentiel'],
    SCA: ['Car Parks/Ingestion'],
  });

  it('offers the BUs whose map lists the use case (spaces and case ignored), merging SSA and AMA for Finance only', () => {
    expect(busForUseCase(perms, 'Finance')).toEqual(['LGW', 'SSA/AMA']);
    expect(busForUseCase(perms, 'Retail')).toEqual(['AMA']);
    expect(busForUseCase(perms, 'Carparks')).toEqual(['SCA']);
    expect(busForUseCase(null, 'Finance')).toEqual([]);
  });

  it('authorises sub-tabs per BU, in the order Quality, Ingestion, Referentiel, Lineage; the merged choice has both BUs’ rights', () => {
    expect(govAppsFor(perms, 'SSA/AMA', 'Finance')).toEqual(['Quality', 'Ingestion']);
    expect(govAppsFor(perms, 'LGW', 'Finance')).toEqual(['Referentiel']);
    expect(govAppsFor(perms, 'AMA', 'Retail')).toEqual(['Lineage']);
    expect(govAppsFor(perms, 'SCA', 'Carparks')).toEqual(['Ingestion']);
  });
});

describe('BU picker', () => {
  it('lists the BUs for the use case as buttons, with SSA/AMA merged for Finance', async () => {
    govServer({ [AUTH]: () => access({ SSA: ['Finance/Quality'], AMA: ['Finance/Quality'], SCA: ['Finance/Quality'] }) });
    renderUseCase('Finance');
    expect(await screen.findByText(GOV_TEXTS.pickBu('Finance'))).toBeTruthy();
    expect(pickerButtons().map((b) => b.textContent)).toEqual(['SCA', 'SSA/AMA']);
  });

  it('splits SSA and AMA outside Finance', async () => {
    govServer({ [AUTH]: () => access({ 'SSA/AMA': ['Retail/Quality'], SCA: ['Traffic/Quality'] }) });
    renderUseCase('Retail');
    await screen.findByText(GOV_TEXTS.pickBu('Retail'));
    expect(pickerButtons().map((b) => b.textContent)).toEqual(['AMA', 'SSA']);
  });

  it('says so when no BU is authorised for the use case', async () => {
    govServer({ [AUTH]: () => access({ SSA: ['Finance/Ingestion'] }) });
    renderUseCase('Traffic');
    expect(await screen.findByText(GOV_TEXTS.noBu('Traffic'))).toBeTruthy();
  });

  it('logs a failed access call and reads it as no BUs, showing nothing else', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    govServer({ [AUTH]: () => jsonResponse({ message: 'boom' }, 500, 'Internal Server Error') });
    renderUseCase('HR');
    expect(await screen.findByText(GOV_TEXTS.noBu('HR'))).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('sub-tabs', () => {
  it('shows only the authorised applications and opens the first one', async () => {
    const server = govServer({
      [AUTH]: () => access({ LGW: ['Finance/Lineage', 'Finance/Referentiel'] }),
      [REFERENTIAL]: () => [],
      'GET /api/data_gov/lineage/get_kpis': () => ({ data: [] }),
    });
    await openBu('Finance', 'LGW');
    expect(subTabs().map((t) => t.textContent)).toEqual(['Referential', 'Data Lineage']);
    expect(subTabs()[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(GOV_TEXTS.noReferential('LGW', 'Finance'))).toBeTruthy();
    expect(server.callsTo('GET', '/api/data_gov/referentiel/data')[0]?.query).toEqual({ use_case: 'Finance', file_asset: 'LGW' });

    fireEvent.click(screen.getByRole('tab', { name: 'Data Lineage' }));
    expect(await screen.findByText(GOV_TEXTS.noLineage('LGW', 'Finance'))).toBeTruthy();
  });

  it('opens on Quality, and sends the merged BU as SSA', async () => {
    const server = govServer({
      [AUTH]: () => access({ SSA: ['Finance/Quality'], AMA: ['Finance/Ingestion'] }),
      [INGESTION]: () => [],
      'GET /api/data_gov/gouvernance/get_years': () => [2024],
      'POST /api/data_gov/gouvernance/quality': () => ({
        data_integrity: [],
        file_integrity: [],
        file_not_received: [],
        mapping_coverage: [],
      }),
    });
    await openBu('Finance', 'SSA/AMA');
    expect(subTabs().map((t) => t.textContent)).toEqual(['Quality', 'Ingestion']);
    expect(await screen.findByText(GOV_TEXTS.noErrors)).toBeTruthy();
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality')[0]?.body).toMatchObject({ asset: 'SSA' });
    fireEvent.click(screen.getByRole('tab', { name: 'Ingestion' }));
    expect(await screen.findByText(GOV_TEXTS.noIngestion('SSA/AMA', 'Finance'))).toBeTruthy();
    expect(server.callsTo('GET', '/api/data_gov/ingestion/data')[0]?.query.asset).toBe('SSA');
  });

  it('locks the BU selector while the data loads', async () => {
    const answer = deferred<unknown>();
    govServer({ [AUTH]: () => access({ SCA: ['Retail/Referentiel'], ANA: ['Retail/Referentiel'] }), [REFERENTIAL]: () => answer.promise });
    await openBu('Retail', 'ANA');
    const selector = screen.getByRole('combobox', { name: GOV_TEXTS.buSelection });
    await waitFor(() => expect((selector as HTMLSelectElement).disabled).toBe(true));
    answer.resolve([]);
    await waitFor(() => expect((selector as HTMLSelectElement).disabled).toBe(false));
    expect(screen.getByText(GOV_TEXTS.noReferential('ANA', 'Retail'))).toBeTruthy();
  });
});
