import { GOVERNANCE } from '@hangar/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { access, govServer, openBu, signIn } from './test/gov-kit';

function helpServer() {
  govServer({
    'GET /api/data_gov/gouvernance/authorized-bus': () =>
      access({ SSA: ['Finance/Ingestion', 'Traffic/Ingestion'], SCA: ['Retail/Quality', 'Retail/Referentiel'] }),
    'GET /api/data_gov/ingestion/data': () => [],
    'GET /api/data_gov/referentiel/data': () => [],
  });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('help popup', () => {
  it('opens once by itself on Finance ingestion, closes on Escape and reopens from the Help button', async () => {
    helpServer();
    await openBu('Finance', 'SSA/AMA');
    const dialog = await screen.findByRole('dialog', { name: 'Help: Finance files' });
    expect(dialog.textContent).toContain('Follow the template structure and exact column names');
    expect(dialog.textContent).toContain('Avoid empty lines, and avoid spaces in column names.');
    expect(dialog.textContent).toContain('KPI check');
    expect(dialog.textContent).toContain("Your BU's data ambassador");
    expect(localStorage.getItem(GOVERNANCE.helpStorageKey)).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog', { name: 'Help: Finance files' })).toBeTruthy();
  });

  it('stays closed once it has been shown', async () => {
    localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
    helpServer();
    await openBu('Finance', 'SSA/AMA');
    expect(await screen.findByRole('button', { name: 'Help' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for Retail Referential, not Quality', async () => {
    helpServer();
    await openBu('Retail', 'SCA');
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    fireEvent.click(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Referential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help: Retail files' });
    expect(dialog.textContent).not.toContain('KPI check');
  });

  it('is not offered outside Finance and Retail', async () => {
    helpServer();
    await openBu('Traffic', 'SSA');
    await screen.findByRole('tab', { name: 'Ingestion' });
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
