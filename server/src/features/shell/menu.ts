import { APP, type MenuItem, TABS, type TabDefinition } from '@hangar/contract';

/**
 * The user's menu: tabs of applications that exist in the product and that the user holds.
 * On a staging deployment only holders of Admin/Portal Staging see any item (spec section 6).
 */
export function buildMenu(apps: readonly string[], staging: boolean, tabs: readonly TabDefinition[] = TABS): MenuItem[] {
  if (staging && !apps.includes(APP.portalStaging)) return [];
  const items: MenuItem[] = [];
  for (const tab of tabs) {
    if (!tab.available) continue;
    if (tab.stagingOnly && !staging) continue;
    const held = tab.requires.length === 0 ? 'portal' : tab.requires.find((app) => apps.includes(app));
    if (!held) continue;
    items.push({
      id: tab.id,
      appId: held,
      title: tab.title,
      description: tab.description,
      icon: tab.icon,
      section: tab.section,
      externalLink: tab.externalLink ?? null,
    });
  }
  return items;
}
