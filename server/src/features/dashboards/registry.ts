import { type DashboardSummary, TABS } from '@hangar/contract';
import type { Config } from '../../config.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { DASHBOARDS, type DashboardDef, dashboardByKey, type ReportDef } from './catalogue/index.ts';
import type { ProviderKind } from './providers.ts';

/** The applications that open any dashboard: the menu catalogue's, for the routes' access rule. */
export const DASHBOARD_APP_IDS: readonly string[] = [
  ...new Set(TABS.filter((t) => t.section === 'Dashboards HQ' || t.section === 'Dashboards BU').flatMap((t) => t.requires)),
];

export interface ResolvedDashboard {
  def: DashboardDef;
  title: string;
  section: DashboardSummary['section'];
  requires: readonly string[];
  provider: ProviderKind;
}

/** Which provider shows each dashboard: builtin unless DASHBOARD_PROVIDERS names another. */
export function providerChoices(config: Pick<Config, 'DASHBOARD_PROVIDERS'>): Map<string, ProviderKind> {
  const choices = new Map<string, ProviderKind>();
  for (const pair of config.DASHBOARD_PROVIDERS.split(',').filter((p) => p.trim())) {
    const [key, kind] = pair.trim().split('=') as [string, ProviderKind];
    const def = dashboardByKey(key);
    if (!def)
      throw new Error(`DASHBOARD_PROVIDERS names "${key}", which is no dashboard (keys: ${DASHBOARDS.map((d) => d.key).join(', ')})`);
    choices.set(def.key, kind);
  }
  return choices;
}

export function resolveDashboard(key: string, choices: Map<string, ProviderKind>): ResolvedDashboard | undefined {
  const def = dashboardByKey(key);
  if (!def) return undefined;
  const tab = TABS.find((t) => t.id === def.id)!;
  return {
    def,
    title: tab.title,
    section: tab.section as DashboardSummary['section'],
    requires: tab.requires,
    provider: choices.get(def.key) ?? 'builtin',
  };
}

export const holds = (actor: Pick<Actor, 'apps'>, d: ResolvedDashboard) => d.requires.some((a) => actor.apps.includes(a));

/** The report a user sees for a dashboard: their BU's own when it has one (the LGW Retail rule). */
export const reportFor = (d: DashboardDef, bu: string | null): ReportDef | null => (bu ? d.reportForBu?.[bu] : undefined) ?? d.report;
