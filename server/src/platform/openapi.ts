import { ErrorBody } from '@hangar/contract';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessRule } from './access.ts';

/**
 * What a route adds to its OpenAPI description beyond its zod schema: the error statuses only it
 * answers (409 for a duplicate, 402, 503...), and the fields of a multipart form.
 */
export interface RouteDoc {
  errors?: readonly number[];
  /** Multipart fields; files are multipartFile(). */
  multipart?: z.ZodObject;
  /** Answers that are not JSON bodies: a redirect, a file, a CSV, an empty 204. */
  responses?: Record<number, { description: string; contentType?: string }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed or fails validation (the message says which field and why)',
  401: 'No valid access token: sign in, or refresh the token',
  402: 'Not enough GenAI credits',
  403: 'The caller may not do this (the message says why)',
  404: 'No such record, or one the caller may not see',
  409: 'Conflicts with the current state (already exists, already decided...)',
  413: 'The body or an uploaded file is too large',
  415: 'The content type is not one this operation reads',
  429: 'Too many requests: wait, then try again',
  500: 'Unexpected server error (the request id helps support find it)',
  503: 'A service this operation needs is unavailable or busy',
};

/** One component for every error answer, referenced rather than repeated. */
const DocumentedErrorBody = ErrorBody.meta({ id: 'ErrorBody' });

const BINARY = z.string().meta({ format: 'binary' });
export const multipartFile = () => BINARY;

/**
 * The statuses a route can answer besides its successes, from what every route goes through:
 * input guards (400), the access rule (401, 403), the same-origin check of state changes (403),
 * path parameters (404), bodies (413, 415), rate limits (429), and what the route declares.
 */
export function errorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>): number[] {
  const config = (route.config ?? {}) as { access?: AccessRule; openapi?: RouteDoc; rateLimit?: unknown };
  const methods = [route.method].flat();
  const changesState = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
  const statuses = new Set<number>([400, 500]);
  if (config.access !== 'public') statuses.add(401);
  if ((config.access && typeof config.access === 'object') || changesState) statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  if (changesState) {
    statuses.add(413);
    statuses.add(415);
  }
  if (config.rateLimit) statuses.add(429);
  for (const s of config.openapi?.errors ?? []) statuses.add(s);
  return [...statuses].sort();
}

/** A stable operation id from the method and path: `GET /api/admin/users/:id` -> `getApiAdminUsersById`. */
export function operationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part === '*' ? 'any' : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's transform: the zod schemas, plus security, operation id, error responses and multipart bodies. */
export function openApiTransform(input: TransformInput) {
  const route = input.route as RouteOptions;
  const schema = (input.schema ?? {}) as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide) return jsonSchemaTransform(input);
  const config = (route.config ?? {}) as { access?: AccessRule; openapi?: RouteDoc };
  const method = [route.method].flat()[0] as string;
  const errors = Object.fromEntries(
    errorStatuses(route).map((status) => [
      status,
      { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: DocumentedErrorBody } } },
    ]),
  );
  const other = Object.fromEntries(
    Object.entries(config.openapi?.responses ?? {}).map(([status, r]) => [
      status,
      r.contentType
        ? { description: r.description, content: { [r.contentType]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: r.description },
    ]),
  );
  const augmented: Record<string, unknown> = {
    ...schema,
    operationId: operationId(method, input.url),
    security: config.access === 'public' ? [] : [{ bearer: [] }],
    response: { ...errors, ...(schema.response ?? {}) },
  };
  if (config.openapi?.multipart) {
    augmented.body = config.openapi.multipart;
    augmented.consumes = ['multipart/form-data'];
  }
  const transformed = jsonSchemaTransform({ ...input, schema: augmented as TransformInput['schema'] });
  const out = transformed.schema as { response?: Record<string, unknown> };
  out.response = { ...other, ...out.response };
  return transformed;
}
