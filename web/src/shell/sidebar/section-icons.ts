/** Icon of a menu section header (contract section names; others fall back to a window). */
export const SECTION_ICONS: Record<string, string> = {
  SecuredGPT: 'message-square',
  'Generative AI': 'sparkles',
  'Dashboards HQ': 'building-2',
  'Dashboards BU': 'layout-dashboard',
  'AI Factory': 'factory',
  'Data Governance': 'shield-check',
  'Admin Management': 'settings',
};
