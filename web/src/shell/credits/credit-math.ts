import { CREDITS } from '@hangar/contract';

/** remaining / limit; a missing or zero limit counts as full when anything remains. */
export function creditRatio(remaining: number, limit: number): number {
  if (limit > 0) return remaining / limit;
  return remaining > 0 ? 1 : 0;
}

/**
 * At 20% or below (CREDITS.lowThresholdPct) the balance shows red. Compared in whole numbers:
 * 1000 / 5000 * 100 is 20.000000000000004 in floating point, which must still count as 20%.
 */
export function isLowCredit(remaining: number, limit: number): boolean {
  if (limit > 0) return remaining * 100 <= CREDITS.lowThresholdPct * limit;
  return remaining <= 0;
}

/** The "{100 - pct}%" of the low-credit text, pct being the remaining percentage rounded. */
export function usedPercent(remaining: number, limit: number): number {
  return 100 - Math.round(creditRatio(remaining, limit) * 100);
}

const creditFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** Whole credits with thousands separators: 12345.6 -> "12,346". */
export function formatCredits(value: number): string {
  // `+ 0` turns -0 (Math.round(-0.4)) into 0, which would otherwise print as "-0".
  return creditFormat.format(Math.round(value) + 0);
}

/** "X / Y credits", both rounded. */
export function creditSummary(remaining: number, limit: number): string {
  return `${formatCredits(remaining)} / ${formatCredits(limit)} credits`;
}
