import { type GovUseCase, type PeriodOption, periodOptions } from '@hangar/contract';
import { badRequest } from '../../platform/errors.ts';

/**
 * The periods a file may be uploaded for are the ones the month selector offers (spec §4, "Month
 * selection"): the same rule on the server, so a hand-made request cannot file data for 2020 or 2030.
 */
export function uploadPeriod(useCase: GovUseCase, year: number, month: number, today = new Date()): PeriodOption {
  const options = periodOptions(useCase, today);
  const found = options.find((o) => o.year === year && o.month === month);
  if (!found) {
    const offered = options.map((o) => (o.wholeYear ? `${o.label} (month ${o.month})` : o.label)).join(', ');
    throw badRequest(`${useCase} files are accepted for ${offered}; ${year}-${String(month).padStart(2, '0')} is not one of them.`);
  }
  return found;
}
