import type { MenuItem, TabSection } from '@hangar/contract';

export interface HubArea {
  key: string;
  title: string;
  description: string;
  icon: string;
  sections: readonly TabSection[];
}

/** The four areas of the hub landing and the menu sections each one gathers. */
export const HUB_AREAS: readonly HubArea[] = [
  {
    key: 'dashboards',
    title: 'Dashboards',
    description: 'Head-office and business-unit reporting',
    icon: 'layout-dashboard',
    sections: ['Dashboards HQ', 'Dashboards BU'],
  },
  {
    key: 'generative-analytics',
    title: 'Generative Analytics',
    description: 'Talk to your data, translate and analyse documents',
    icon: 'sparkles',
    sections: ['Generative AI'],
  },
  {
    key: 'ai-factory',
    title: 'AI Factory',
    description: 'Applications built by the AI team',
    icon: 'factory',
    sections: ['AI Factory'],
  },
  {
    key: 'data-governance',
    title: 'Data Governance',
    description: 'Quality, ingestion, referential and lineage',
    icon: 'shield-check',
    sections: ['Data Governance'],
  },
];

export function itemsOfArea(area: HubArea, items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => (area.sections as readonly string[]).includes(item.section));
}
