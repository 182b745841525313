// What other features may use of dashboards: the admin Data Analytics tab (74) shows render times.
export { dashboardRenderStats, type RenderStat } from './render-stats.ts';
