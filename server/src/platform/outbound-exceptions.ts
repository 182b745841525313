/**
 * One outbound path (security issue): every connection the server opens goes through
 * outbound-http.ts, or its module is listed here with the reason it does not. outbound-http.test.ts
 * reads every module under server/src (tests and test helpers aside) and fails on one that loads a
 * network module (node:http, https, net, tls, dns; undici, @fastify/reply-from and other HTTP
 * clients; pg, the S3, model and DuckDB SDKs) or calls a network global (fetch, WebSocket) and is
 * neither outbound-http.ts nor listed; and on an entry whose module no longer does.
 *
 * outbound-http.ts is the client for addresses a user chooses: it refuses anything but globally
 * routable unicast. The modules below reach services whose address an administrator fixed in the
 * configuration, many of them inside the network by design (the database, the bucket, a local
 * model server), which that guard would refuse; what a user sends never chooses their origin.
 *
 * Keys are paths under server/src. Add a module here only with its reason; prefer outbound-http.ts.
 */
const CONFIGURED = 'origin fixed by configuration';
const AI_FACTORY = 'the proxy to registered upstreams, origin fixed by configuration (docs/ai-factory.md)';
const DUCKDB =
  'DuckDB (httpfs could read URLs and extensions download on first use): SQL and file paths built by the server over files it wrote, never a URL';

export const OUTBOUND_EXCEPTIONS: Readonly<Record<string, string>> = {
  // The AI Factory: the lead's rewrite in progress.
  'features/ai-factory/proxy.ts': AI_FACTORY,
  'features/ai-factory/health.ts': `${AI_FACTORY}; its health checks and wake hooks (wakeUrl) too`,

  // Model, translation and speech providers: their endpoints are configuration, the requests the portal's.
  'providers/llm/chat-completions.ts': `OpenAI Chat Completions over node:http for OPENAI_BASE_URL / OPENAI_COMPATIBLE_BASE_URL, ${CONFIGURED}`,
  'providers/llm/providers.ts': `the AI SDK providers (@ai-sdk/*, their own fetch) for the configured model endpoints, ${CONFIGURED}`,
  'providers/embeddings/openai-compatible.ts': `POST {MULTIDOCS_EMBEDDING_URL}/embeddings, ${CONFIGURED}`,
  'providers/translate/deepl.ts': `the DeepL API (document translation), ${CONFIGURED}`,
  'providers/translate/google.ts': `Google Cloud Translation, ${CONFIGURED}`,
  'platform/documents/speech.ts': `speech to text at {STT_BASE_URL}/audio/transcriptions, ${CONFIGURED}`,
  'features/dashboards/powerbi/index.ts': `the Power BI REST API and the Entra ID token endpoint (POWERBI_API_URL, POWERBI_AUTHORITY_URL), ${CONFIGURED}; fetch is injected for tests`,

  // The platform's own infrastructure.
  'platform/db/client.ts': `PostgreSQL (pg) at DATABASE_URL, ${CONFIGURED}`,
  'platform/events.ts': `PostgreSQL LISTEN/NOTIFY on the application's database, ${CONFIGURED}`,
  'platform/jobs.ts': `pg-boss on the application's database, ${CONFIGURED}`,
  'platform/storage/s3-store.ts': `the object store (AWS S3 or S3-compatible endpoint), ${CONFIGURED}`,
  'platform/identity/relying-party.ts': `OpenID Connect discovery, token and JWKS requests to OIDC_ISSUER (or the embedded issuer), ${CONFIGURED}`,

  // DuckDB reads the warehouse and uploaded sheets.
  'features/analytics/run.ts': `${DUCKDB}; external access is switched off and the configuration locked`,
  'features/governance/engine/checks.ts': DUCKDB,
  'features/governance/engine/referential.ts': DUCKDB,
  'features/analytics/question-set/compute-expected.ts': `${DUCKDB}; a developer's script over the demo warehouse, not run by the server`,
  'features/analytics/question-bank/compute-expected.ts': `${DUCKDB}; a developer's script over the demo warehouse, not run by the server`,
};
