// The data-governance area's public surface: the overview tabs 49–50 and the use-case tabs 51–57 for the registry.
export { GovernanceTab, OverviewTab } from './GovernanceTab';
// The formula-safe CSV cell of the governance exports, for every export of the portal.
export { csvCell, downloadCsv } from './quality/csv';
