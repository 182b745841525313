import { describe, expect, it } from 'vitest';
import { TAB_BY_ID, TABS } from './tabs.ts';

describe('the menu catalogue', () => {
  // Issue 33: "BU Dashboards" said "Not in your applications" to a user holding three BU dashboards.
  it('opens the BU dashboards strip (tab 2) to anyone holding one of the BU dashboards (tabs 10–31)', () => {
    const buDashboardApps = new Set(
      TABS.filter((t) => t.section === 'Dashboards BU' && t.id >= 10 && t.id <= 31).flatMap((t) => t.requires),
    );
    expect(new Set(TAB_BY_ID.get(2)!.requires)).toEqual(buDashboardApps);
  });
});
