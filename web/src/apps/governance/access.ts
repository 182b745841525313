import {
  type AuthorizedBusResponse,
  buChoices,
  GOV_APPS,
  GOV_TAB_IDS,
  type GovApp,
  type GovUseCase,
  MERGED_SSA_AMA,
} from '@hangar/contract';

// Who may see what in a use-case tab (spec sections 2 and 6): BUs from the permission map,
// sub-tabs from the applications it lists for the chosen BU.

/** Application names are compared ignoring spaces and case ('Car Parks/Ingestion' = 'Carparks/Ingestion'). */
const normalise = (name: string) => name.replace(/\s+/g, '').toLowerCase();

export function useCaseForTab(tabId: number): GovUseCase | null {
  const found = Object.entries(GOV_TAB_IDS).find(([, id]) => id === tabId);
  return found ? (found[0] as GovUseCase) : null;
}

type Permissions = AuthorizedBusResponse['user_permissions'];

const appsAt = (permissions: Permissions, bu: string): string[] => Object.values(permissions[bu] ?? {}).flat();

/** The permission-map keys behind a BU choice: the merged choice stands for SSA and AMA, and either may be filed under the merged key. */
function keysOf(choice: string): string[] {
  if (choice === MERGED_SSA_AMA) return ['SSA', 'AMA', MERGED_SSA_AMA];
  if (choice === 'SSA' || choice === 'AMA') return [choice, MERGED_SSA_AMA];
  return [choice];
}

/** The BU choices of a use case: the BUs whose permission map lists an application of that use case. */
export function busForUseCase(access: AuthorizedBusResponse | null, useCase: string): string[] {
  if (!access) return [];
  const wanted = normalise(useCase);
  const bus = Object.keys(access.user_permissions).filter((bu) =>
    appsAt(access.user_permissions, bu).some((app) => normalise(app.split('/')[0] ?? '') === wanted),
  );
  return buChoices(bus, useCase);
}

/** The data-governance applications listed as `<UseCase>/<App>` for the chosen BU, in the order that picks the default. */
export function govAppsFor(access: AuthorizedBusResponse | null, choice: string, useCase: string): GovApp[] {
  if (!access) return [];
  const listed = new Set(keysOf(choice).flatMap((bu) => appsAt(access.user_permissions, bu).map(normalise)));
  return GOV_APPS.filter((app) => listed.has(normalise(`${useCase}/${app}`)));
}

export const GOV_APP_LABELS: Record<GovApp, string> = {
  Quality: 'Quality',
  Ingestion: 'Ingestion',
  Referentiel: 'Referential',
  Lineage: 'Data Lineage',
};

/** Finance and Retail explain their file rules in a help popup on Ingestion and Referential. */
export const hasHelp = (useCase: string, app: GovApp | null): boolean =>
  (useCase === 'Finance' || useCase === 'Retail') && (app === 'Ingestion' || app === 'Referentiel');

/**
 * The BUs whose results a choice shows with an application: itself, or for the merged SSA/AMA
 * choice SSA and AMA, each where the map lists the application (or under the merged key).
 */
export function unitsFor(access: AuthorizedBusResponse | null, choice: string, useCase: string, app: GovApp): string[] {
  if (choice !== MERGED_SSA_AMA) return [choice];
  if (!access) return ['SSA'];
  const wanted = normalise(`${useCase}/${app}`);
  const lists = (bu: string) => appsAt(access.user_permissions, bu).some((a) => normalise(a) === wanted);
  const units = ['SSA', 'AMA'].filter((bu) => lists(bu) || lists(MERGED_SSA_AMA));
  return units.length ? units : ['SSA'];
}
