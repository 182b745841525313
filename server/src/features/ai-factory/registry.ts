import { AI_FACTORY_APPS, AI_FACTORY_PROXY_PREFIX, type AiFactoryDefinition } from '@hangar/contract';
import { z } from 'zod';
import { ConfigError } from '../../config.ts';

/**
 * The AI Factory registry: the catalogue (contract, data) joined with where each app runs
 * (AI_FACTORY_APPS, configuration). An app without an upstream stays listed, as not deployed.
 */
const Deployment = z
  .object({
    /** Where Streamlit listens, as the portal reaches it: http(s)://host:port, no path. */
    upstream: z
      .string()
      .url()
      .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be http:// or https://')
      .refine((u) => ['', '/'].includes(new URL(u).pathname), 'must have no path: put the path in basePath'),
    /** Streamlit's server.baseUrlPath, with a leading slash ("" when Streamlit serves at its root). */
    basePath: z
      .string()
      .regex(/^(\/[\w.~-]+)*$/, 'must be like /ai-factory/1001 (no trailing slash), or empty')
      .default(''),
    /** A URL the portal POSTs to start the app when it sleeps (a scale-to-zero host's wake hook). */
    wakeUrl: z.string().url().optional(),
  })
  .strict();

const Deployments = z.record(
  z.string().regex(/^\d+$/, 'keys are AI Factory tab ids (999–1013)'),
  z.union([Deployment, z.object({ reason: z.string().min(1).max(300) }).strict()]),
);

export interface RegisteredApp extends AiFactoryDefinition {
  upstream: URL | null;
  basePath: string;
  wakeUrl: string | null;
  /** Why it is not deployed (no upstream), in words an operator can act on. */
  notDeployedReason: string | null;
  /** Where the portal serves it: /ai-factory/{id}/ */
  proxyPath: string;
}

export const HOW_TO_REGISTER = 'An administrator registers it by giving its upstream in AI_FACTORY_APPS (see docs/ai-factory.md).';

export function createRegistry(raw: unknown, catalogue: readonly AiFactoryDefinition[] = AI_FACTORY_APPS) {
  const parsed = Deployments.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration:\n  AI_FACTORY_APPS: at ${first?.path.join('.') || '(root)'}: ${first?.message}`);
  }
  const known = new Set(catalogue.map((d) => String(d.id)));
  const unknown = Object.keys(parsed.data).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new ConfigError(`Invalid configuration:\n  AI_FACTORY_APPS: ${unknown.join(', ')} is not an AI Factory id (999–1013)`);
  }
  const apps: RegisteredApp[] = catalogue.map((def) => {
    const d = parsed.data[String(def.id)];
    const deployed = d && 'upstream' in d ? d : null;
    return {
      ...def,
      upstream: deployed ? new URL(deployed.upstream) : null,
      basePath: deployed?.basePath ?? '',
      wakeUrl: deployed?.wakeUrl ?? null,
      notDeployedReason: deployed
        ? null
        : `${d && 'reason' in d ? d.reason : 'This app is not deployed on this portal yet.'} ${HOW_TO_REGISTER}`,
      proxyPath: `${AI_FACTORY_PROXY_PREFIX}/${def.id}/`,
    };
  });
  const byId = new Map(apps.map((a) => [a.id, a]));
  const byName = new Map(apps.map((a) => [a.name, a]));
  return {
    apps,
    byId: (id: number) => byId.get(id) ?? null,
    /** By the spec's appName; the tab id as text is accepted too. */
    find: (appName: string) => byName.get(appName) ?? (/^\d+$/.test(appName) ? (byId.get(Number(appName)) ?? null) : null),
  };
}
export type Registry = ReturnType<typeof createRegistry>;

/**
 * The upstream URL of a path under the app's proxy prefix, or null when it would leave the app.
 * `rawPath` is the request's path after /ai-factory/{id}/ as the browser sent it (still
 * percent-encoded, no query). It is appended to the registered origin and base path as text and
 * parsed as a whole, then checked: a backslash (WHATWG URL reads `/\\host` as `//host`), a control
 * character or dot segments that climb out of the base path could otherwise point the proxy at
 * another host or at the upstream's other paths.
 */
export function upstreamUrl(app: RegisteredApp, rawPath: string): URL | null {
  const upstream = app.upstream;
  if (!upstream) return null;
  // An encoded slash or backslash is refused too: an upstream that decodes it before resolving dot
  // segments would climb out of the base path.
  if (/\\|%5c|%2f|\p{Cc}/iu.test(rawPath)) return null;
  let url: URL;
  try {
    url = new URL(`${upstream.origin}${app.basePath}/${rawPath}`);
  } catch {
    return null;
  }
  if (url.origin !== upstream.origin || url.username || url.password) return null;
  if (!`${url.pathname}/`.startsWith(`${app.basePath}/`)) return null;
  return url;
}
