import { HOME_TAB_ID } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { menuItem } from '../../test/menu';
import { favouriteRow } from './favourites';

// The favourites row (issue 33, item 3): what the user holds first, never four dead ends.

const ids = (row: ReturnType<typeof favouriteRow>) => ({ held: row.held.map((i) => i.id), missing: row.missing.map((t) => t.id) });
const home = menuItem(HOME_TAB_ID, 'SecuredGPT', 'SecuredGPT');

describe('the favourites row', () => {
  it('keeps the spec’s four for a user who holds them', () => {
    const items = [
      home,
      menuItem(1, 'HQ', 'Dashboards HQ'),
      menuItem(2, 'BU', 'Dashboards BU'),
      menuItem(10, 'Exec', 'Dashboards BU'),
      menuItem(11, 'Traffic', 'Dashboards BU'),
      menuItem(3, 'Translator', 'Generative AI'),
    ];
    expect(ids(favouriteRow(items, []))).toEqual({ held: [1, 2, 10, 11], missing: [] });
  });

  it('fills the row with applications the user holds instead of ones they lack (finance steward)', () => {
    const items = [
      menuItem(2, 'BU Dashboards', 'Dashboards BU'),
      menuItem(22, 'Finance', 'Dashboards BU'),
      menuItem(52, 'Finance', 'Data Governance'),
      menuItem(75, 'User Rights', 'Admin Management'),
    ];
    expect(ids(favouriteRow(items, []))).toEqual({ held: [2, 22, 52, 75], missing: [] });
  });

  it('offers the spec’s favourites to ask for only where the user holds too few applications (chat only)', () => {
    expect(ids(favouriteRow([home, menuItem(75, 'User Rights', 'Admin Management')], []))).toEqual({ held: [75], missing: [1, 2, 10] });
  });

  it('puts the user’s pins first, and ignores a pin of an application no longer held', () => {
    const items = [
      home,
      menuItem(1, 'HQ', 'Dashboards HQ'),
      menuItem(3, 'Translator', 'Generative AI'),
      menuItem(7, 'Multi Docs', 'Generative AI'),
      menuItem(4, 'Sentiment', 'Generative AI'),
      menuItem(6, 'Talk', 'Generative AI'),
    ];
    expect(ids(favouriteRow(items, [6, 999, 7]))).toEqual({ held: [6, 7, 1, 3], missing: [] });
  });
});
