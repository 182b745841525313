import { APP, BUSINESS_UNITS, GOV_APPS, GOV_USE_CASES, type GovApp, type GovUseCase } from '@hangar/contract';
import { type Actor, isSuperAdmin } from './roles.ts';
import type { Verdict } from './verdict.ts';

/** BU -> group name -> application names ('Finance/Ingestion'): the data-governance map of one user. */
export type PermissionMap = Record<string, Record<string, string[]>>;

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The use-case tab application a token must hold ('Data_gov/Finance'). */
export const govTabApp = (useCase: GovUseCase) => `Data_gov/${useCase}`;

/** Whether the map lists `<useCase>/<app>` for the BU; names compare ignoring spaces and case. */
export function holds(map: PermissionMap, bu: string, useCase: string, app: GovApp): boolean {
  const wanted = norm(`${useCase}/${app}`);
  return Object.values(map[bu] ?? {}).some((apps) => apps.some((a) => norm(a) === wanted));
}

/** Head-office readers and super admins see every BU's results. */
export const seesWholeGroup = (actor: Actor) => actor.apps.includes(APP.dataGovOverviewHq) || isSuperAdmin(actor);

export const governancePolicy = {
  /** One of `apps` of a use case at a BU: the use case's tab application, and the BU map listing it. */
  use: (actor: Actor, s: { map: PermissionMap; bu: string; useCase: GovUseCase; apps: readonly GovApp[] }): Verdict =>
    actor.apps.includes(govTabApp(s.useCase)) && s.apps.some((a) => holds(s.map, s.bu, s.useCase, a))
      ? true
      : `You do not have the ${s.apps.join(' or ')} right for ${s.useCase} at ${s.bu}. Ask your BU's data ambassador to grant it.`,
};

/** BUs whose overview the actor may read: their map's and their own; every BU for the head office. */
export function overviewBus(actor: Actor, map: PermissionMap): string[] {
  if (seesWholeGroup(actor)) return [...BUSINESS_UNITS];
  return [...new Set([...Object.keys(map), ...(actor.bu ? [actor.bu] : [])])].filter((b) =>
    (BUSINESS_UNITS as readonly string[]).includes(b),
  );
}

/** Use cases whose tab the actor holds. */
export const heldUseCases = (actor: Actor): GovUseCase[] => GOV_USE_CASES.filter((u) => actor.apps.includes(govTabApp(u)));

/**
 * BUs whose governed data the actor may read for a use case (Talk to my data, dashboards): none
 * without the use case's tab; every BU for the head office; else the BUs where a group grants
 * any right of that use case.
 */
export function readableBus(actor: Actor, map: PermissionMap, useCase: GovUseCase): string[] {
  if (!actor.apps.includes(govTabApp(useCase))) return [];
  if (seesWholeGroup(actor)) return [...BUSINESS_UNITS];
  return BUSINESS_UNITS.filter((bu) => GOV_APPS.some((app) => holds(map, bu, useCase, app)));
}
