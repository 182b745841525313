import { GOV_USE_CASES, type GovUseCase } from '@hangar/contract';
import { FINANCE } from './finance.ts';
import { CARPARKS, COMMUNICATION, HR, OPS, RETAIL, TRAFFIC } from './operations.ts';
import type { FileTypeDef, ReferentialDef, UseCaseDef } from './types.ts';

export type * from './types.ts';

const ALL: Record<GovUseCase, UseCaseDef> = {
  Traffic: TRAFFIC,
  Finance: FINANCE,
  Retail: RETAIL,
  Communication: COMMUNICATION,
  Carparks: CARPARKS,
  Ops: OPS,
  HR: HR,
};

export const useCaseDef = (name: GovUseCase): UseCaseDef => ALL[name];
export const allUseCases = (): UseCaseDef[] => GOV_USE_CASES.map((u) => ALL[u]);

/** The file types a BU sends for a use case, in catalogue order (the first is the loader's fallback). */
export function fileTypesFor(useCase: GovUseCase, bu: string): FileTypeDef[] {
  return ALL[useCase].fileTypes.filter((t) => !t.bus || t.bus.includes(bu));
}

export function fileTypeDef(useCase: GovUseCase, bu: string, type: string): FileTypeDef | undefined {
  return fileTypesFor(useCase, bu).find((t) => t.type === type);
}

export function referentialDef(useCase: GovUseCase, type: string): ReferentialDef | undefined {
  return ALL[useCase].referentials.find((r) => r.type === type);
}
