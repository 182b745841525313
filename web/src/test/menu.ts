import type { MenuItem } from '@hangar/contract';

/** A menu entry as the shell's menu route gives it, for tests that build a menu. */
export const menuItem = (id: number, title: string, section: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  appId: `App/${id}`,
  title,
  description: `${title} description`,
  icon: 'files',
  section,
  externalLink: null,
  ...extra,
});
