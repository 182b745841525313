/** yyyy-MM-dd, read from the value's own digits so no time zone moves the day; null for nothing to show. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (iso) return iso[1] ?? null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A coverage percent as shown: at most one decimal. */
export const formatPercent = (value: number): string => `${Number(value.toFixed(1))}%`;
