import type { MenuItem } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchMenu, queryKeys } from '../../api/shell';
import type { Tab } from '../tabs/tabs-reducer';

export function useMenu() {
  return useQuery({ queryKey: queryKeys.menu, queryFn: fetchMenu, staleTime: 5 * 60_000 });
}

export function tabFromMenuItem(item: MenuItem): Tab {
  return { id: item.id, appId: item.appId, title: item.title, icon: item.icon, externalLink: item.externalLink };
}

export interface MenuGroup {
  section: string;
  items: MenuItem[];
}

/** Groups items by section, keeping the order in which sections and items first appear. */
export function groupMenu(items: readonly MenuItem[]): MenuGroup[] {
  const groups = new Map<string, MenuItem[]>();
  for (const item of items) {
    const list = groups.get(item.section);
    if (list) list.push(item);
    else groups.set(item.section, [item]);
  }
  return [...groups].map(([section, sectionItems]) => ({ section, items: sectionItems }));
}
