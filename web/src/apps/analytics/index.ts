// Talk to my data's public surface: tab 6 for the registry; the answer's chart, table, exports and
// KPI links for the dashboards, which show the same kind of governed numbers.
export { AnalyticsTab } from './AnalyticsTab';
export { AnswerTable } from './AnswerTable';
export { type ChartColors, chartOption, THEME_COLORS } from './chart-option';
export { dataUrlToBlob, exportName, formatValue, resultCsv } from './format';
export { KpiLinks, qualitySummary } from './KpiLinks';
