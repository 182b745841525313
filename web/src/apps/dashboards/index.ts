// The dashboards' public surface: the dashboard report screen for the registry.
export { DashboardsTab } from './DashboardsTab';
