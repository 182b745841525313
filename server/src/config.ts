import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PowerBiReportsSchema = z.record(
  z.string().min(1),
  z.strictObject({
    workspaceId: z.string().regex(GUID, 'must be the workspace (group) GUID'),
    reportId: z.string().regex(GUID, 'must be the report GUID'),
  }),
);

/** Environment variable -> config key. The YAML file (HANGAR_CONFIG) uses the same names. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  HANGAR_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  HANGAR_SEED: z.enum(['demo', 'none']).default('demo'),
  /** With the demo organisation: also build the demo warehouse (governance deliveries) in the background. */
  HANGAR_DEMO_WAREHOUSE: z.enum(['true', 'false']).default('true'),
  HANGAR_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  HANGAR_STAGING: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** A session ends this many days after its sign-in, however often it is used. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Treat the external issuer's email addresses as verified (issuers such as Entra ID send no email_verified claim). */
  OIDC_TRUST_EMAIL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; anyone
   * else's is ignored, so rate limits and audit addresses cannot be spoofed.
   */
  TRUSTED_PROXIES: z.string().default('127.0.0.1,::1'),
  /** Bearer token for /metrics; without one, /metrics answers only direct loopback connections. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A dashboard session lives this long from its start (spec: 35 minutes); shorter in tests. */
  DASHBOARD_SESSION_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(35),
  /** Lifetime of a builtin dashboard's embed token; the web asks the report route again for a new one. */
  DASHBOARD_TOKEN_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** Dashboards shown by another provider than the builtin one: "finance=powerbi,retail=powerbi" (keys or tab ids). */
  DASHBOARD_PROVIDERS: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || v.split(',').every((p) => /^[\w-]+=(builtin|powerbi)$/.test(p.trim())),
      'must be key=builtin|powerbi, comma-separated',
    ),
  /**
   * AI Factory: where each app of the catalogue runs, as JSON by tab id, e.g.
   * {"1001":{"upstream":"http://10.0.0.5:8501","basePath":"/ai-factory/1001","wakeUrl":"http://scaler/wake/forecast"}}.
   * An app without an upstream is listed as not deployed (docs/ai-factory.md).
   */
  AI_FACTORY_APPS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"1001":{"upstream":"http://10.0.0.5:8501"}}' });
        return z.NEVER;
      }
    }),
  /** AI Factory URL screen (tab 999): origins of Streamlit apps users may load by address, comma-separated (https://apps.example.org). */
  AI_FACTORY_URL_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().replace(/\/$/, ''))
        .filter(Boolean),
    ),
  /** An AI Factory session ends this long after it starts (a working day by default). */
  AI_FACTORY_SESSION_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24 * 60)
    .default(480),
  /** How often the session event stream re-checks the session and the app's health. */
  AI_FACTORY_CHECK_SECONDS: z.coerce.number().min(0.05).max(600).default(10),
  /** A health probe that takes longer counts as no answer. */
  AI_FACTORY_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  DOCUMENTATION_URL: z.string().url().default('https://hangar.local/docs'),
  REPORT_BUG_URL: z.string().default('mailto:hangar-support@hangar.local?subject=Hangar%20bug%20report'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON object per line (production, log collectors); pretty: one short human line; auto: pretty on a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** true: every answer is checked against its schema before it is sent (development; tests always check). */
  VALIDATE_RESPONSES: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Password attempts per client address and minute, whatever the accounts tried. */
  RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Password hashes computed at once; more sign-ins wait (argon2 would otherwise take every worker thread). */
  LOGIN_MAX_CONCURRENT_HASHES: z.coerce.number().int().min(1).max(64).default(2),
  /** Bytes a user may upload per day, all features together. */
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(1).default(10_240),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_FILES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  AZURE_OPENAI_API_KEY: z.string().optional(),
  AZURE_OPENAI_BASE_URL: z.string().url().optional(),
  MISTRAL_API_KEY: z.string().optional(),
  /** Default https://api.mistral.ai/v1 (the client appends /chat/completions). */
  MISTRAL_BASE_URL: z.string().url().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  /** Default https://generativelanguage.googleapis.com/v1beta (the client appends /models/{model}:streamGenerateContent). */
  GOOGLE_GENERATIVE_AI_BASE_URL: z.string().url().optional(),
  OPENAI_COMPATIBLE_BASE_URL: z.string().url().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  /** JSON: per model id, fields to change, e.g. {"gpt4":{"provider":"azure","providerModel":"my-deployment"}}. */
  CHAT_MODEL_OVERRIDES: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as Record<string, Partial<import('./providers/llm/catalogue.ts').ModelDefinition>>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"gpt4":{"provider":"azure"}}' });
        return z.NEVER;
      }
    }),
  CHAT_MAX_CONCURRENT_STREAMS: z.coerce.number().int().min(1).max(100_000).default(3),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CHAT_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Translator, GoogleTranslate method: Google Cloud Translation v3 (project id and API key). */
  GOOGLE_TRANSLATE_PROJECT: z.string().optional(),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional(),
  /** Default https://translation.googleapis.com (the client appends /v3/projects/{project}/locations/global:translateText). */
  GOOGLE_TRANSLATE_BASE_URL: z.string().url().optional(),
  /** Translator, TranslationHub method: DeepL's document API. */
  DEEPL_API_KEY: z.string().optional(),
  /** Default https://api.deepl.com (https://api-free.deepl.com for keys ending in :fx). */
  DEEPL_BASE_URL: z.string().url().optional(),
  /** Translator, ChatGPT method: the chat model (catalogue id) that translates. */
  TRANSLATION_LLM_MODEL: z.string().default('gpt4'),
  /** JSON: credits per page per method; missing methods keep their default. */
  TRANSLATION_PRICES: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        const parsed = JSON.parse(text) as Record<string, number>;
        if (typeof parsed !== 'object' || !parsed || Object.values(parsed).some((v) => typeof v !== 'number' || !(v >= 0)))
          throw new Error();
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON of method to credits per page, e.g. {"ChatGPT":10}' });
        return z.NEVER;
      }
    }),
  /** A translation that runs longer is stopped: its credits are released and its files deleted. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** The longest answer asked of a model, in output tokens; less when the user's credit pays for less. */
  CHAT_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(200_000).default(4096),
  /** Credits one user may spend per UTC day, all features together; unset = no cap. */
  CREDIT_USER_DAILY_CAP: z.coerce.number().positive().optional(),
  /** Credits the whole organisation may spend per UTC day; unset = no cap. */
  CREDIT_ORG_DAILY_CAP: z.coerce.number().positive().optional(),
  /** Speech to text: an OpenAI-compatible transcription endpoint (Whisper); without it, offline PocketSphinx. */
  STT_BASE_URL: z.string().url().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().default('whisper-1'),
  /** Multi Docs: hosts (or host:port) a link may point to even inside the network, comma-separated. */
  MULTIDOCS_URL_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Multi Docs: largest file accepted, in MB (a larger one is a 413 and nothing is kept). */
  MULTIDOCS_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  /** Multi Docs: one extraction (OCR, transcription) that runs longer is stopped and the file refused. */
  MULTIDOCS_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
  /** Multi Docs: the credits one answer may hold at most (its estimate, before the real cost is settled). */
  MULTIDOCS_ANSWER_TOKENS: z.coerce.number().int().min(256).default(1500),
  /**
   * Multi Docs: how long upload-file waits for its extraction job before answering "pending" (the
   * client then follows the job's progress); 0 answers at once.
   */
  MULTIDOCS_UPLOAD_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(8000),
  /** Multi Docs: extractions one process runs at once (the rest wait in the queue). */
  MULTIDOCS_EXTRACT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Multi Docs hybrid search: an OpenAI-compatible embeddings API (`{URL}/embeddings`); without it, full-text only. */
  MULTIDOCS_EMBEDDING_URL: z.string().url().optional(),
  MULTIDOCS_EMBEDDING_MODEL: z.string().default('text-embedding-3-small'),
  MULTIDOCS_EMBEDDING_KEY: z.string().optional(),
  /** Multi Docs: milliseconds between heartbeat events while the dual stream waits for the model. */
  MULTIDOCS_HEARTBEAT_MS: z.coerce.number().int().min(20).default(10_000),
  /** Multi Docs: attachments of a session with no upload and no question for this many hours are deleted. */
  MULTIDOCS_SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Power BI Embedded ("app owns data"): the Entra tenant (GUID or domain) and the app registration that holds the workspaces. */
  POWERBI_TENANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a tenant GUID or domain, e.g. contoso.onmicrosoft.com')
    .optional(),
  POWERBI_CLIENT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_SECRET: z.string().min(1).optional(),
  /** Entra ID's authority; the token endpoint is {this}/{tenant}/oauth2/v2.0/token. */
  POWERBI_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com'),
  /** The Power BI REST API; the client appends /v1.0/myorg/... */
  POWERBI_API_URL: z.string().url().default('https://api.powerbi.com'),
  /** JSON: dashboard id (or report key) -> the Power BI report shown for it, e.g. {"10":{"workspaceId":"…","reportId":"…"}}. */
  POWERBI_REPORTS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"10":{"workspaceId":"<guid>","reportId":"<guid>"}}' });
        return z.NEVER;
      }
      const parsed = PowerBiReportsSchema.safeParse(raw);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.length ? `at ${first.path.join('.')}: ` : '';
        ctx.addIssue({
          code: 'custom',
          message: `${where}${first?.message ?? 'invalid'} (expected {"<dashboard id>":{"workspaceId":"<guid>","reportId":"<guid>"}})`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

export type Config = z.infer<typeof ConfigSchema> & { webDist: string; publicUrl: string };

export class ConfigError extends Error {}

const KEYS = Object.keys(ConfigSchema.shape);

/** Reads the YAML file (if any) then the environment; the environment wins. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let fromFile: Record<string, unknown> = {};
  if (env.HANGAR_CONFIG) {
    const raw = parseYaml(readFileSync(env.HANGAR_CONFIG, 'utf8')) ?? {};
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${env.HANGAR_CONFIG}: expected a mapping of keys to values`);
    fromFile = raw as Record<string, unknown>;
    const unknown = Object.keys(fromFile).filter((k) => !KEYS.includes(k));
    if (unknown.length) throw new ConfigError(`Unknown config key ${unknown.join(', ')} in ${env.HANGAR_CONFIG}`);
  }
  const merged: Record<string, unknown> = { ...fromFile };
  for (const key of KEYS) {
    if (env[key] !== undefined && env[key] !== '') merged[key] = env[key];
    else if (merged[key] !== undefined) merged[key] = String(merged[key]);
  }
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.STORAGE === 's3' && !c.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (c.OIDC_ISSUER && !c.OIDC_CLIENT_ID)
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  const powerBiSet = [c.POWERBI_TENANT_ID, c.POWERBI_CLIENT_ID, c.POWERBI_CLIENT_SECRET];
  if (powerBiSet.some(Boolean) || Object.keys(c.POWERBI_REPORTS).length) {
    const missing = ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET'].filter((_, i) => !powerBiSet[i]);
    if (!Object.keys(c.POWERBI_REPORTS).length) missing.push('POWERBI_REPORTS');
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when Power BI is configured (POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET and POWERBI_REPORTS go together)`).join('\n')}`,
      );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    HANGAR_DATA_DIR: path.resolve(c.HANGAR_DATA_DIR),
    publicUrl,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
