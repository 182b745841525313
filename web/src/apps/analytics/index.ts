// Talk to my data's public surface: tab 6 for the registry.
export { AnalyticsTab } from './AnalyticsTab';
