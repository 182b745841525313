import { AI_FACTORY_APPS } from './ai-factory.ts';

// The catalogue of portal tabs (spec portal.md section 2, "Menu catalogue").
// `requires`: the user needs at least one of these application identifiers.
// `available`: the application exists in the product; each feature issue turns its tabs on.

export type TabSection =
  | 'SecuredGPT'
  | 'Generative AI'
  | 'Dashboards HQ'
  | 'Dashboards BU'
  | 'AI Factory'
  | 'Data Governance'
  | 'Admin Management';

export interface TabDefinition {
  id: number;
  title: string;
  description: string;
  icon: string;
  section: TabSection;
  requires: readonly string[];
  available: boolean;
  /** Opened in a new browser tab instead of inside the portal. */
  externalLink?: string;
  /** Only holders of Admin/Portal Staging see it, and only on a staging deployment. */
  stagingOnly?: boolean;
}

export const HOME_TAB_ID = 9;
/** The assistant-enabled Traffic & Operations dashboard: the only one with the "Assistant AI" toggle (spec). */
export const ASSISTANT_DASHBOARD_TAB_ID = 1111111;
/** The dashboard report screen's tab strip lists the dashboards with these ids (spec: 10 to 49). */
export const DASHBOARD_STRIP_IDS = { from: 10, to: 49 } as const;
export const FAVOURITE_TAB_IDS = [1, 2, 10, 11] as const;

export const APP = {
  securedGpt: 'GenAI/SecuredGPT',
  chatBotSdh: 'GenAI/ChatBot_SDH',
  multiModal: 'GenAI/Multi Modal',
  multiDocs: 'GenAI/Multi Docs',
  translator: 'GenAI/Translator',
  sentiment: 'GenAI/Sentiment Analysis',
  talkToMyData: 'GenAI/Talk To My Data',
  superAdmin: 'Admin/SuperAdmin',
  localAdmin: 'Admin/Local Admin Management',
  portalStaging: 'Admin/Portal Staging',
  dataGovOverview: 'Data_gov/Overview',
  dataGovOverviewHq: 'Data_gov/Overview HQ',
} as const;

/** Dashboard apps whose holders also get Data_gov/Overview (spec section 6). */
export const DASHBOARD_APPS_GRANTING_OVERVIEW = [
  'Dashboard/Traffic',
  'Dashboard/Finance',
  'Dashboard/Retail',
  'Dashboard/Communication',
  'Dashboard/Car Parks',
  'Dashboard/OPS',
  'Dashboard/HR',
] as const;

const ADMIN = [APP.superAdmin, APP.localAdmin] as const;
/** Every application that grants a BU dashboard (tabs 10–31). */
const BU_DASHBOARD_APPS = [
  'Dashboard/Executive',
  'Dashboard/Traffic',
  'Dashboard/OPS',
  'Dashboard/Retail',
  'Dashboard/Car Parks',
  'Dashboard/Finance',
  'Dashboard/HR',
  'Dashboard/Communication',
] as const;

function dashboard(id: number, title: string, app: string, section: TabSection): TabDefinition {
  return {
    id,
    title,
    description: `${title} dashboard`,
    icon: 'bar-chart-3',
    section,
    requires: [app],
    available: true,
  };
}

function governance(id: number, title: string, app: string, available = true): TabDefinition {
  return {
    id,
    title,
    description: `Data governance for ${title}: quality, ingestion, referential and lineage`,
    icon: 'shield-check',
    section: 'Data Governance',
    requires: [app],
    available,
  };
}

function admin(id: number, title: string, description: string, icon: string, requires: readonly string[] = ADMIN): TabDefinition {
  return { id, title, description, icon, section: 'Admin Management', requires, available: true };
}

export const TABS: readonly TabDefinition[] = [
  {
    id: 9,
    title: 'SecuredGPT',
    description: 'Home, and the secured chat assistant over several language models',
    icon: 'message-square',
    section: 'SecuredGPT',
    requires: [APP.securedGpt, APP.chatBotSdh],
    available: true,
  },
  {
    id: 6,
    title: 'Talk to my data',
    description: 'Generative analytics: ask questions of the warehouse in plain language',
    icon: 'database-zap',
    section: 'Generative AI',
    requires: [APP.talkToMyData],
    available: true,
  },
  {
    id: 3,
    title: 'Translator',
    description: 'Translate pdf, pptx and docx documents',
    icon: 'languages',
    section: 'Generative AI',
    requires: [APP.translator],
    available: true,
  },
  {
    id: 7,
    title: 'Multi Docs',
    description: 'Ask questions over documents, links, audio and video',
    icon: 'files',
    section: 'Generative AI',
    requires: [APP.multiDocs],
    available: true,
  },
  {
    id: 4,
    title: 'Sentiment analysis',
    description: 'Sentiment analysis on spreadsheets',
    icon: 'smile',
    section: 'Generative AI',
    requires: [APP.sentiment],
    available: true,
  },
  {
    id: 1,
    title: 'HQ Dashboards',
    description: 'Head-office dashboards: executive, traffic, finance and retail views of the group',
    icon: 'layout-dashboard',
    section: 'Dashboards HQ',
    requires: ['Dashboard/HQ'],
    available: true,
  },
  {
    id: 2,
    title: 'BU Dashboards',
    description: 'Business-unit dashboards: traffic, operations, retail, car parks, finance and more',
    icon: 'layout-dashboard',
    section: 'Dashboards BU',
    // The strip of the BU dashboards the user holds: any one of them opens it.
    requires: BU_DASHBOARD_APPS,
    available: true,
  },
  dashboard(40, 'HQ Executive', 'Dashboard/HQ', 'Dashboards HQ'),
  dashboard(25, 'HQ Traffic', 'Dashboard/HQ', 'Dashboards HQ'),
  dashboard(41, 'HQ Finance', 'Dashboard/HQ', 'Dashboards HQ'),
  dashboard(42, 'HQ Retail', 'Dashboard/HQ', 'Dashboards HQ'),
  dashboard(10, 'Executive', 'Dashboard/Executive', 'Dashboards BU'),
  dashboard(11, 'Traffic', 'Dashboard/Traffic', 'Dashboards BU'),
  dashboard(12, 'Traffic Executive', 'Dashboard/Traffic', 'Dashboards BU'),
  dashboard(13, 'Airport ID', 'Dashboard/Traffic', 'Dashboards BU'),
  dashboard(14, 'Airline ID', 'Dashboard/Traffic', 'Dashboards BU'),
  dashboard(15, 'Operations', 'Dashboard/OPS', 'Dashboards BU'),
  dashboard(16, 'ACI/ASQ', 'Dashboard/OPS', 'Dashboards BU'),
  dashboard(17, 'Business Aviation', 'Dashboard/Traffic', 'Dashboards BU'),
  dashboard(18, 'Retail & F&B', 'Dashboard/Retail', 'Dashboards BU'),
  dashboard(19, 'EPOS', 'Dashboard/Retail', 'Dashboards BU'),
  dashboard(20, 'Retail EPOS', 'Dashboard/Retail', 'Dashboards BU'),
  dashboard(21, 'Car Parks', 'Dashboard/Car Parks', 'Dashboards BU'),
  dashboard(22, 'Finance', 'Dashboard/Finance', 'Dashboards BU'),
  dashboard(23, 'VISION BU', 'Dashboard/Executive', 'Dashboards BU'),
  dashboard(24, 'Human Resources', 'Dashboard/HR', 'Dashboards BU'),
  dashboard(26, 'Communication', 'Dashboard/Communication', 'Dashboards BU'),
  dashboard(27, 'Contrails', 'Dashboard/Executive', 'Dashboards BU'),
  dashboard(28, 'Credit Risk Monitoring', 'Dashboard/Finance', 'Dashboards BU'),
  dashboard(29, 'Macro Economics', 'Dashboard/Executive', 'Dashboards BU'),
  dashboard(30, 'Capex', 'Dashboard/Finance', 'Dashboards BU'),
  {
    id: ASSISTANT_DASHBOARD_TAB_ID,
    title: 'Traffic & Operations',
    description: 'Traffic and punctuality together, with the dashboard assistant beside them',
    icon: 'bot',
    section: 'Dashboards BU',
    requires: ['Dashboard/Traffic', 'Dashboard/OPS'],
    available: true,
  },
  governance(49, 'Overview HQ', APP.dataGovOverviewHq),
  governance(50, 'Overview', APP.dataGovOverview),
  governance(51, 'Traffic', 'Data_gov/Traffic'),
  governance(52, 'Finance', 'Data_gov/Finance'),
  governance(53, 'Retail', 'Data_gov/Retail'),
  governance(54, 'Communication', 'Data_gov/Communication'),
  governance(55, 'Carparks', 'Data_gov/Carparks'),
  governance(56, 'Ops', 'Data_gov/Ops'),
  governance(57, 'HR', 'Data_gov/HR'),
  // AI Factory (issue 18): the catalogue is data in ai-factory.ts; where each app runs is configuration.
  ...AI_FACTORY_APPS.map(
    (a): TabDefinition => ({
      id: a.id,
      title: a.title,
      description: a.description,
      icon: a.icon,
      section: 'AI Factory',
      requires: [a.right],
      available: true,
    }),
  ),
  admin(69, 'Application Rights', 'Who holds each application; grant and revoke', 'key-round', [APP.superAdmin]),
  admin(70, 'User', 'Users, business units, credit limits and balances', 'users'),
  admin(71, 'Permissions', 'Groups, membership and data-governance permissions', 'lock', [APP.superAdmin]),
  admin(72, 'Access Monitoring', 'Audit log of sign-ins, permission, credit and file events', 'activity'),
  admin(73, 'Notifications', 'Credit and access requests waiting for a decision', 'bell'),
  admin(74, 'Data Analytics', 'Credits and tokens used by user, model, application and day', 'chart-line'),
  {
    id: 75,
    title: 'User Rights',
    description: 'Your applications, business unit and airport, as your access token carries them',
    icon: 'id-card',
    section: 'Admin Management',
    requires: [],
    available: true,
  },
];

export const TAB_BY_ID: ReadonlyMap<number, TabDefinition> = new Map(TABS.map((t) => [t.id, t]));
