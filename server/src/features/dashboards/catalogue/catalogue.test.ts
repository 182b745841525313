import { ASSISTANT_DASHBOARD_TAB_ID, BUSINESS_UNITS, GOV_USE_CASES, SemanticQuery, TAB_BY_ID, TABS } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { buildSemanticLayer, compileQuery, type Scope } from '../../analytics/index.ts';
import { DASHBOARDS } from './index.ts';

// The catalogue is data: every dashboard of the menu is in it, and every widget's query is one the
// semantic layer accepts (so the only SQL is the compiler's).

const layer = buildSemanticLayer();
const everything: Scope = new Map(GOV_USE_CASES.map((u) => [u, new Set<string>(BUSINESS_UNITS)]));
const reports = DASHBOARDS.flatMap((d) => [d.report, ...Object.values(d.reportForBu ?? {})]).filter((r) => r !== null);

describe('the dashboard catalogue', () => {
  it('has every dashboard of the menu catalogue, once, with a description and an icon', () => {
    // Tabs 1 and 2 open the HQ and BU tab strips; the dashboards are 10 and up.
    const menu = TABS.filter((t) => (t.section === 'Dashboards HQ' || t.section === 'Dashboards BU') && t.id >= 10).map((t) => t.id);
    expect(DASHBOARDS.map((d) => d.id).sort((a, b) => a - b)).toEqual([...menu].sort((a, b) => a - b));
    expect(new Set(DASHBOARDS.map((d) => d.key)).size).toBe(DASHBOARDS.length);
    for (const d of DASHBOARDS) {
      expect(d.description.length).toBeGreaterThan(10);
      expect(d.icon).toMatch(/^[a-z0-9-]+$/);
      if (!d.report) expect(d.unavailableReason).toMatch(/No governed data/);
    }
  });

  it('compiles every widget’s query through the semantic layer', () => {
    for (const r of reports) {
      expect(new Set(r.widgets.map((w) => w.id)).size, r.key).toBe(r.widgets.length);
      for (const w of r.widgets) {
        expect(() => compileQuery(layer, SemanticQuery.parse(w.query), [], everything, 500), `${r.key}/${w.id}`).not.toThrow();
        expect(w.at.x + w.at.w, `${r.key}/${w.id}`).toBeLessThanOrEqual(12);
      }
    }
  });

  it('gives LGW its own Retail report (the spec’s LGW Retail rule)', () => {
    const retail = DASHBOARDS.find((d) => d.id === 18)!;
    expect(retail.reportForBu?.LGW?.key).toBe('retail-lgw');
    expect(retail.reportForBu?.LGW?.widgets.map((w) => w.id)).not.toEqual(retail.report!.widgets.map((w) => w.id));
  });

  it('has the assistant-enabled Traffic & Operations view as tab 1111111, opened by Traffic or OPS holders', () => {
    const d = DASHBOARDS.find((x) => x.id === ASSISTANT_DASHBOARD_TAB_ID)!;
    expect(TAB_BY_ID.get(ASSISTANT_DASHBOARD_TAB_ID)).toMatchObject({ title: 'Traffic & Operations', available: true });
    expect(TAB_BY_ID.get(ASSISTANT_DASHBOARD_TAB_ID)!.requires).toEqual(['Dashboard/Traffic', 'Dashboard/OPS']);
    const measures = new Set(d.report!.widgets.flatMap((w) => w.query.measures));
    expect(measures).toEqual(new Set(['departing_passengers', 'aircraft_movements', 'load_factor', 'on_time_performance']));
  });
});
