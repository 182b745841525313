// The admin area's public surface: the lazily loaded tabs 69-74 for the registry, and the tab-73
// badges (with their polling hook) for the sidebar.
export {
  AccessMonitoringTab,
  ApplicationRightsTab,
  DataAnalyticsTab,
  NotificationsTab,
  PermissionsTab,
  UserTab,
} from './apps';
export { AdminBadges, BADGE_TITLES } from './notifications/AdminBadges';
export { COUNTS_POLL_MS, useAdminNotificationCounts } from './notifications/useAdminNotificationCounts';
