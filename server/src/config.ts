import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

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
  DOCUMENTATION_URL: z.string().url().default('https://hangar.local/docs'),
  REPORT_BUG_URL: z.string().default('mailto:hangar-support@hangar.local?subject=Hangar%20bug%20report'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
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
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    HANGAR_DATA_DIR: path.resolve(c.HANGAR_DATA_DIR),
    publicUrl,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
