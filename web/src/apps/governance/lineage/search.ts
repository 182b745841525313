/** Lineage search: KPI names containing the query, ignoring case (spec section 5). */
export function filterKpis<T extends { kpi_name: string }>(entries: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return needle ? entries.filter((entry) => entry.kpi_name.toLowerCase().includes(needle)) : [...entries];
}
