import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    bu: text('bu'),
    airport: text('airport'),
    /** argon2id; null for users who only sign in through an external issuer. */
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Bumped whenever what the user's access token says stops being true (rights, BU, disabled,
     * sessions ended); a token carrying an older version is refused (platform/identity/revocation.ts).
     */
    authVersion: integer('auth_version').notNull().default(0),
    authChangedAt: timestamp('auth_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('users_auth_changed_idx').on(t.authChangedAt)],
);

/** Identities from an external issuer: a user is found by (issuer, subject), never by email alone. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** An application identifier granted to a user directly or to a group. */
export const appGrants = pgTable(
  'app_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('app_grants_user_idx').on(t.userId), index('app_grants_group_idx').on(t.groupId)],
);

/** Portal sessions: one family per sign-in; each refresh rotates to a new row of the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
    createdAt: createdAt(),
    /** When the sign-in that started the family happened: a session ends this long after it, used or not. */
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_revoked_idx').on(t.revokedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').notNull().default('success'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action)],
);

/** State of the embedded OpenID Connect provider (sessions, codes, grants...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

/** Secrets and keys generated at first start (signing keys, cookie secrets, client secret). */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Documents in the object store that users may open by uri (/pdf, /download). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uri: text('uri').notNull().unique(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** private: owner only; bu: users of the same BU; everyone: every signed-in user. */
    visibility: text('visibility', { enum: ['private', 'bu', 'everyone'] })
      .notNull()
      .default('private'),
    bu: text('bu'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_owner_idx').on(t.ownerId)],
);

/** A user's GenAI credits. Amounts are in thousandths of a credit, so costs add up exactly. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLimit: integer('credit_limit').notNull().default(5000),
    remainingMilli: bigint('remaining_milli', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The floor, enforced by the database too: no code path can spend below zero.
  (t) => [check('credit_accounts_floor', sql`${t.remainingMilli} >= 0`)],
);

/** Every change of a balance, with who and why; the balance always equals the sum of its rows. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: every row is written beside an update of the user's account (which has one),
    // and the check cost each row a lock on the user's row (migration 0016); the portal never deletes users.
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['opening', 'reserve', 'settle', 'release', 'request_approved', 'admin_adjustment'] }).notNull(),
    deltaMilli: bigint('delta_milli', { mode: 'number' }).notNull(),
    balanceAfterMilli: bigint('balance_after_milli', { mode: 'number' }).notNull(),
    actorId: uuid('actor_id'),
    reservationId: uuid('reservation_id'),
    feature: text('feature'),
    reason: text('reason'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  // by day for everyone: the organisation's daily spending cap sums today's rows. A reservation is
  // its 'reserve' rows (the hold, then any extension) and at most one closing row (settle or
  // release): the unique index closes it exactly once, whatever races.
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.at),
    index('credit_ledger_at_idx').on(t.at),
    index('credit_ledger_holds_idx').on(t.reservationId).where(sql`kind = 'reserve'`),
    uniqueIndex('credit_ledger_closing_idx').on(t.reservationId).where(sql`kind IN ('settle', 'release')`),
  ],
);

/** A user's request for more credits, decided by an administrator. One pending per user. */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditAsked: integer('credit_asked').notNull(),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    comment: text('comment'),
  },
  (t) => [uniqueIndex('credit_requests_one_pending').on(t.userId).where(sql`status = 'pending'`)],
);

/** A user's request for an application (optionally for one BU), decided by an administrator. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    bu: text('bu'),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    comment: text('comment'),
  },
  (t) => [uniqueIndex('access_requests_one_pending').on(t.userId, t.appId).where(sql`status = 'pending'`)],
);

/** Messages to one user (the outcome of their requests), shown in the sidebar's notifications area. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['credit_request', 'access_request'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Data-governance permission map: per BU, which groups hold which data-governance applications. */
export const dgPermissions = pgTable(
  'dg_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bu: text('bu').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    appName: text('app_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dg_permissions_unique').on(t.bu, t.groupId, t.appName)],
);

/** A user's chat conversation; the id is the client's, unique per user. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull().default('New chat...'),
    dataName: text('data_name'),
    dataType: text('data_type').notNull().default('text'),
    totalPages: integer('total_pages').notNull().default(0),
    additionalTime: integer('additional_time').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('chat_sessions_recent_idx').on(t.userId, t.updatedAt)],
);

/** One message of a conversation: exactly one of user, assistant, info or error text. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    role: text('role', { enum: ['user', 'assistant', 'info', 'error'] }).notNull(),
    text: text('text').notNull(),
    model: text('model'),
    dataType: text('data_type').notNull().default('text'),
    dataName: text('data_name'),
    creditMilli: bigint('credit_milli', { mode: 'number' }),
    preview: text('preview'),
    uploads: jsonb('uploads'),
    /** An answer's state: streaming while it is produced (its text grows), then how it ended. */
    status: text('status', { enum: ['streaming', 'complete', 'stopped', 'failed', 'cut'] })
      .notNull()
      .default('complete'),
    /** Set by the Stop button; the producing process (any of them) ends the answer at its next look. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    /** The credit held for a streaming answer: released when its process died before settling it. */
    reservationId: uuid('reservation_id'),
    /** The producer's last write: a streaming answer not written for long lost its process. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.userId, t.sessionId, t.id),
    foreignKey({ columns: [t.userId, t.sessionId], foreignColumns: [chatSessions.userId, chatSessions.id] }).onDelete('cascade'),
  ],
);

/** The chat's answer language and the user's own context, injected into the system prompt. */
export const chatSettings = pgTable('chat_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('EN'),
  context: text('context').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-governance.ts';
export * from './schema-translation.ts';

/** Bytes each user uploaded per day (UTC), all features together: the daily upload quota. */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
export * from './schema-ai-factory.ts';
export * from './schema-analytics.ts';
export * from './schema-dashboards.ts';
export * from './schema-multidocs.ts';
export * from './schema-sentiment.ts';
