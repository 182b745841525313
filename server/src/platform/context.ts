import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Ledger } from '../features/credits/ledger.ts';
import type { AuditWriter } from './audit.ts';
import type { Database, Db } from './db/client.ts';
import type { Documents } from './documents.ts';
import type { EventBus } from './events.ts';
import type { AccessTokens } from './identity/access-token.ts';
import type { RelyingParty } from './identity/relying-party.ts';
import type { Revocation } from './identity/revocation.ts';
import type { Sessions } from './identity/sessions.ts';
import type { Jobs } from './jobs.ts';
import type { Notifications } from './notifications.ts';
import type { Authorize } from './policies/index.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { UploadQuota } from './uploads/quota.ts';

/** What every feature's routes receive: the platform's parts, built once in app.ts. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Db;
  store: ObjectStore;
  /** Each user's daily upload allowance (UPLOAD_QUOTA_MB_PER_DAY): every upload route admits and records through it. */
  uploadQuota: UploadQuota;
  documents: Documents;
  /** The credit economy: features reserve, settle and release through it, never with SQL. */
  credits: Ledger;
  notifications: Notifications;
  /** The background queue; features define their queues when they register. */
  jobs: Jobs;
  /** Wake-ups between processes (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  events: EventBus;
  audit: AuditWriter;
  /** Record-level rules (platform/policies): throws 403/404 and audits a refusal. */
  authorize: Authorize;
  accessTokens: AccessTokens;
  /** Makes a user's current access tokens stop working (rights, BU or account changed). */
  revocation: Revocation;
  sessions: Sessions;
  relyingParty: RelyingParty;
  /** True when users sign in on the portal's own identity provider. */
  embeddedIssuer: boolean;
}
