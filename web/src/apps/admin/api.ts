import {
  AccessRequestsResponse,
  AdminUser,
  AnalyticsResponse,
  ApplicationsResponse,
  AuditResponse,
  CreditRequestsResponse,
  DgPermissionsResponse,
  GroupsResponse,
  NotificationCounts,
  ServicesResponse,
  UserListResponse,
  UserRightsView,
} from '@hangar/contract';
import { ApiError, apiFetch, type Parser } from '../../api/client';
import type { ErrorResponseBody } from '../../api/errors';
import { saveBlob } from '../../pages/download/download-file';

/** The type a contract schema parses to. */
export type Parsed<S extends Parser<unknown>> = ReturnType<S['parse']>;

export type AdminUserView = Parsed<typeof AdminUser>;
export type UserList = Parsed<typeof UserListResponse>;
export type AuditPage = Parsed<typeof AuditResponse>;
export type AuditEntry = AuditPage['entries'][number];
export type CreditRequest = Parsed<typeof CreditRequestsResponse>['requests'][number];
export type AccessRequest = Parsed<typeof AccessRequestsResponse>['requests'][number];
export type Counts = Parsed<typeof NotificationCounts>;
export type Application = Parsed<typeof ApplicationsResponse>['applications'][number];
export type Holder = Application['holders'][number];
export type UserRights = Parsed<typeof UserRightsView>;
export type Group = Parsed<typeof GroupsResponse>['groups'][number];
export type DgEntry = Parsed<typeof DgPermissionsResponse>['map'][number];
export type Analytics = Parsed<typeof AnalyticsResponse>;
export type Services = Parsed<typeof ServicesResponse>;
export type Service = Services['services'][number];

// ---------------------------------------------------------------------------------------------
// The error rule of the admin API (spec section 8)
// ---------------------------------------------------------------------------------------------

export const UNEXPECTED_RESPONSE = 'Réponse inattendue du serveur';

/** A failed admin call, worded for a person by the spec's rule. `status` is null when the server answered OK. */
export class AdminApiError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Spec section 8, "Admin API non-OK": the server's `message` field when the body is JSON, else
 * "Erreur {status}"; a JSON body that is not an object gives "Réponse inattendue du serveur".
 */
export function adminErrorMessage(status: number, body: ErrorResponseBody): string {
  if (body.kind !== 'json') return `Erreur ${status}`;
  if (!isObject(body.value)) return UNEXPECTED_RESPONSE;
  const { message } = body.value;
  return typeof message === 'string' && message.trim() ? message : `Erreur ${status}`;
}

/** The text to show for anything an admin call threw. */
export function adminErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_RESPONSE;
}

/** The shared client (bearer token, one refresh on 401), with admin wording for failures. */
export async function adminFetch(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    if (error instanceof ApiError) throw new AdminApiError(adminErrorMessage(error.status, error.body), error.status);
    throw error;
  }
}

/** An admin call answering a JSON object, checked against its contract schema. */
export async function adminJson<T>(path: string, schema: Parser<T>, init?: RequestInit): Promise<T> {
  const response = await adminFetch(path, init);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AdminApiError(UNEXPECTED_RESPONSE, null);
  }
  if (!isObject(body)) throw new AdminApiError(UNEXPECTED_RESPONSE, null);
  try {
    return schema.parse(body);
  } catch (error) {
    console.warn(`Unexpected answer from ${path}`, error);
    throw new AdminApiError(UNEXPECTED_RESPONSE, null);
  }
}

/** An admin call whose answer body is not needed (201 / 204). */
export async function adminSend(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<void> {
  await adminFetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
}

const json = (method: 'POST' | 'PATCH' | 'DELETE', body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/** Fetches a file with the bearer token and hands it to the browser. */
export async function adminDownload(path: string, fileName: string): Promise<void> {
  const response = await adminFetch(path);
  saveBlob(await response.blob(), fileName);
}

/** `?a=1&b=x` from the parameters that have a value (empty strings, null and undefined are left out). */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text) search.set(key, text);
  }
  const built = search.toString();
  return built ? `?${built}` : '';
}

// ---------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  userList: (params: UserListParams) => ['admin', 'users', params] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  creditRequests: ['admin', 'requests', 'credits'] as const,
  accessRequests: ['admin', 'requests', 'access'] as const,
  counts: ['admin', 'requests', 'counts'] as const,
  applications: ['admin', 'rights', 'applications'] as const,
  userRights: (id: string) => ['admin', 'rights', 'user', id] as const,
  groups: ['admin', 'groups'] as const,
  dg: ['admin', 'dg'] as const,
  analytics: (period: Period) => ['admin', 'analytics', period] as const,
  services: ['admin', 'services'] as const,
};

// ---------------------------------------------------------------------------------------------
// Tab 70: users
// ---------------------------------------------------------------------------------------------

export type UserSortKey = 'email' | 'name' | 'bu' | 'createdAt' | 'remainingCredit';
export interface UserListParams {
  q?: string;
  bu?: string;
  sort?: UserSortKey;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

const USERS = '/api/admin/user_management/users';

export const listUsers = (params: UserListParams) => adminJson(`${USERS}${queryString({ ...params })}`, UserListResponse);

export interface NewUser {
  email: string;
  name: string;
  bu?: string | null;
  airport?: string | null;
  password?: string;
}
export const createUser = (user: NewUser) => adminJson(USERS, AdminUser, json('POST', user));

export interface UserPatch {
  name?: string;
  bu?: string | null;
  airport?: string | null;
  disabled?: boolean;
  creditLimit?: number;
}
export const updateUser = (id: string, patch: UserPatch) =>
  adminJson(`${USERS}/${encodeURIComponent(id)}`, AdminUser, json('PATCH', patch));

export const adjustCredits = (id: string, delta: number, reason: string) =>
  adminJson(`${USERS}/${encodeURIComponent(id)}/credits`, AdminUser, json('POST', { delta, reason }));

// ---------------------------------------------------------------------------------------------
// Tab 72: audit
// ---------------------------------------------------------------------------------------------

export interface AuditFilters {
  user?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** The audit route's query string: only the filters that are set. */
export const auditQuery = (filters: AuditFilters) =>
  queryString({
    user: filters.user,
    action: filters.action,
    from: filters.from,
    to: filters.to,
    page: filters.page,
    pageSize: filters.pageSize,
  });

export const listAudit = (filters: AuditFilters) => adminJson(`/api/admin/audit${auditQuery(filters)}`, AuditResponse);

export const exportAudit = (filters: AuditFilters) =>
  adminDownload(`/api/admin/audit/export.csv${auditQuery({ ...filters, page: undefined, pageSize: undefined })}`, 'hangar-audit.csv');

// ---------------------------------------------------------------------------------------------
// Tab 73: requests and their counts
// ---------------------------------------------------------------------------------------------

export interface DecisionInput {
  decision: 'approve' | 'reject';
  comment?: string;
}

export const listCreditRequests = async () =>
  (await adminJson('/api/admin/credits_management/get_all_credits_requests', CreditRequestsResponse)).requests;
export const listAccessRequests = async () =>
  (await adminJson('/api/admin/permissions_management/get_access_requests', AccessRequestsResponse)).requests;

const decisionBody = ({ decision, comment }: DecisionInput) => (comment?.trim() ? { decision, comment: comment.trim() } : { decision });

/** Decides a credit request (409 when someone decided it first); answers the decided request. */
export const decideCreditRequest = (id: string, input: DecisionInput) =>
  adminJson(
    `/api/admin/credits_management/decide/${encodeURIComponent(id)}`,
    CreditRequestsResponse.shape.requests.element,
    json('POST', decisionBody(input)),
  );
/** Decides an access request (approval grants the application); answers the decided request. */
export const decideAccessRequest = (id: string, input: DecisionInput) =>
  adminJson(
    `/api/admin/permissions_management/decide/${encodeURIComponent(id)}`,
    AccessRequestsResponse.shape.requests.element,
    json('POST', decisionBody(input)),
  );

export const fetchNotificationCounts = () => adminJson('/api/admin/notifications/counts', NotificationCounts);

// ---------------------------------------------------------------------------------------------
// Tabs 69 and 75: application rights
// ---------------------------------------------------------------------------------------------

export const listApplications = async () => (await adminJson('/api/admin/rights/applications', ApplicationsResponse)).applications;

export type GrantTarget = { userId: string } | { groupId: string };
export const grantApplication = (appId: string, target: GrantTarget) => adminSend('/api/admin/rights/grants', 'POST', { appId, ...target });
export const revokeGrant = (grantId: string) => adminSend(`/api/admin/rights/grants/${encodeURIComponent(grantId)}`, 'DELETE');

export const fetchUserRights = (userId: string) => adminJson(`/api/admin/rights/users/${encodeURIComponent(userId)}`, UserRightsView);

// ---------------------------------------------------------------------------------------------
// Tab 71: groups and the data-governance map
// ---------------------------------------------------------------------------------------------

const GROUPS = '/api/admin/groups';

export const listGroups = async () => (await adminJson(GROUPS, GroupsResponse)).groups;
export const createGroup = (name: string, description: string) => adminSend(GROUPS, 'POST', { name, description });
export const deleteGroup = (id: string) => adminSend(`${GROUPS}/${encodeURIComponent(id)}`, 'DELETE');
export const addGroupMember = (groupId: string, userId: string) =>
  adminSend(`${GROUPS}/${encodeURIComponent(groupId)}/members`, 'POST', { userId });
export const removeGroupMember = (groupId: string, userId: string) =>
  adminSend(`${GROUPS}/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`, 'DELETE');

export interface DgPermissionInput {
  bu: string;
  groupId: string;
  appName: string;
}
export const listDgPermissions = async () => (await adminJson('/api/admin/dg_permissions', DgPermissionsResponse)).map;
export const addDgPermission = (entry: DgPermissionInput) => adminSend('/api/admin/dg_permissions', 'POST', entry);
export const removeDgPermission = (entry: DgPermissionInput) => adminSend('/api/admin/dg_permissions', 'DELETE', entry);

// ---------------------------------------------------------------------------------------------
// Tab 74: analytics
// ---------------------------------------------------------------------------------------------

export interface Period {
  from: string;
  to: string;
}

export const fetchAnalytics = (period: Period) => adminJson(`/api/admin/analytics${queryString({ ...period })}`, AnalyticsResponse);
export const exportAnalytics = (period: Period) =>
  adminDownload(`/api/admin/analytics/export.csv${queryString({ ...period })}`, 'hangar-genai-usage.csv');

/** Tab 74, Services section: each engine, configured, answering, and what to set. `fresh` checks again now. */
export const fetchServices = (fresh = false) => adminJson(`/api/admin/services${fresh ? '?fresh=true' : ''}`, ServicesResponse);
