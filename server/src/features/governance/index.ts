// What other features may use of data governance. Talk to my data (issue 16) builds its semantic
// layer from the catalogue (use cases, file types, KPI definitions and their SQL) and reads the
// checks of the months an answer used, through this, not through governance's internals.
export { allUseCases, fileTypeDef } from './catalogue/index.ts';
export { kpiValueSql, kpiWhereSql } from './catalogue/kpi-sql.ts';
export type { FileTypeDef, KpiDef } from './catalogue/types.ts';
// Sentiment analysis (issue 18) reads uploaded sheets with the same rules and limits: content sniffing,
// CSV normalisation (encoding, delimiter, NUL bytes), the capped workbook worker and its zip-bomb checks.
export { FORMULA_START } from './engine/sql.ts';
export { type FileFormat, PARSE_LIMITS, type Tabular, toTabular } from './engine/tabular.ts';
export { type LineageConsumer, registerLineageConsumers } from './lineage-consumers.ts';
export { checkResultsVersion } from './results-cache.ts';
export { type CheckStatusRow, checkStatusesOfDeliveries, currentCheckStatuses } from './store.ts';
export { sniffedStream } from './upload-content.ts';
