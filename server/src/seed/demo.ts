import { randomBytes } from 'node:crypto';
import { APP, BUSINESS_UNITS, GOV_APPS, GOV_USE_CASES, TABS } from '@hangar/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.ts';
import { appGrants, dgPermissions, groupMembers, groups, users } from '../platform/db/schema.ts';
import { findUserByEmail, hashPassword } from '../platform/identity/directory.ts';

interface DemoUser {
  email: string;
  name: string;
  bu: string | null;
  airport: string | null;
  groups: string[];
  apps: string[];
}

const DASHBOARD_APPS = [...new Set(TABS.flatMap((t) => (t.section.startsWith('Dashboards') ? t.requires : [])))];
const ALL_APPS = [...new Set([...TABS.flatMap((t) => t.requires), ...Object.values(APP)])].filter((a) => a !== APP.portalStaging);

/** Data-governance map rows: every pair of the BUs, use cases and applications given. */
const dg = (bus: readonly string[], useCases: readonly string[], apps: readonly string[]) =>
  bus.flatMap((bu) => useCases.flatMap((uc) => apps.map((app) => ({ bu, appName: `${uc}/${app}` }))));

const GROUPS = [
  {
    name: 'Portal administrators',
    description: 'Run the portal: users, rights, credits',
    apps: ALL_APPS,
    dg: dg(BUSINESS_UNITS, GOV_USE_CASES, GOV_APPS),
  },
  { name: 'SecuredGPT users', description: 'Everyone who may use the chat assistant', apps: [APP.securedGpt], dg: [] },
  {
    name: 'Analysts',
    description: 'GenAI tools, Talk to my data, dashboards, and data-quality reading for SSA and AMA',
    apps: [APP.translator, APP.multiDocs, APP.multiModal, APP.sentiment, APP.talkToMyData, ...DASHBOARD_APPS],
    dg: dg(['SSA', 'AMA'], ['Traffic', 'Finance', 'Retail'], ['Quality', 'Lineage']),
  },
  {
    name: 'Finance SSA data stewards',
    description: 'Upload and validate the monthly Finance files of SSA',
    apps: [],
    dg: dg(['SSA'], ['Finance'], GOV_APPS),
  },
];

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@hangar.local',
    name: 'Alex Admin',
    bu: 'SSA',
    airport: 'SSA',
    groups: ['Portal administrators', 'SecuredGPT users'],
    apps: [],
  },
  {
    email: 'analyst@hangar.local',
    name: 'Ana Analyst',
    bu: 'SSA',
    airport: 'SSA',
    groups: ['SecuredGPT users', 'Analysts'],
    apps: ['Data_gov/Traffic', 'Data_gov/Finance', 'Data_gov/Retail'],
  },
  {
    email: 'finance.ssa@hangar.local',
    name: 'Fernando Finance',
    bu: 'SSA',
    airport: 'SSA',
    groups: ['Finance SSA data stewards'],
    apps: ['Data_gov/Finance', 'Dashboard/Finance'],
  },
  { email: 'viewer@hangar.local', name: 'Victor Viewer', bu: 'LGW', airport: 'LGW', groups: ['SecuredGPT users'], apps: [] },
  {
    email: 'localadmin.lgw@hangar.local',
    name: 'Lee Local-Admin',
    bu: 'LGW',
    airport: 'LGW',
    groups: ['SecuredGPT users'],
    apps: [APP.localAdmin],
  },
];

/**
 * First start of the embedded set-up: a demo organisation through the real tables. Runs once: an
 * existing admin account means the organisation is there and nothing is changed or printed.
 */
const DEMO_SEED_LOCK = 7_301_003;

export async function seedDemo(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  if (await findUserByEmail(db, DEMO_USERS[0]!.email)) return;
  const password = ctx.config.HANGAR_DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Processes started together (a deployment of several) seed one after the other: the first
    // creates the organisation, the others find it once they get the lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[0]!.email))).length) return null;
    const groupIds = new Map<string, string>();
    for (const g of GROUPS) {
      const [row] = await tx.insert(groups).values({ name: g.name, description: g.description }).returning();
      groupIds.set(g.name, row!.id);
      if (g.apps.length) await tx.insert(appGrants).values(g.apps.map((appId) => ({ appId, groupId: row!.id })));
      if (g.dg.length) await tx.insert(dgPermissions).values(g.dg.map((p) => ({ ...p, groupId: row!.id })));
    }
    const ids = new Map<string, string>();
    for (const u of DEMO_USERS) {
      const [row] = await tx.insert(users).values({ email: u.email, name: u.name, bu: u.bu, airport: u.airport, passwordHash }).returning();
      ids.set(u.email, row!.id);
      for (const g of u.groups) await tx.insert(groupMembers).values({ groupId: groupIds.get(g)!, userId: row!.id });
      if (u.apps.length) await tx.insert(appGrants).values(u.apps.map((appId) => ({ appId, userId: row!.id })));
    }
    return ids;
  });
  if (!created) return;
  // pdf-lib is needed only once, at first start.
  const { demoDocuments } = await import('./demo-documents.ts');
  await demoDocuments(ctx, created);
  const source = ctx.config.HANGAR_DEMO_PASSWORD
    ? 'the password in HANGAR_DEMO_PASSWORD'
    : `password ${password}  (generated now, shown only once)`;
  console.log(
    ['', '  Demo organisation created. Sign in with one of:', ...DEMO_USERS.map((u) => `    ${u.email}`), `  and ${source}.`, ''].join(
      '\n',
    ),
  );
}
