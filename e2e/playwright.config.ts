import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8180);
export const BASE_URL = `http://localhost:${PORT}`;
const STUB_PORT = PORT + 10;
/** The stand-in Streamlit server behind AI Factory app 1001 (a Python Streamlit cannot run here). */
export const STREAMLIT_STUB_PORT = PORT + 11;
export const E2E_PASSWORD = 'e2e-demo-password';
// Absolute: the server runs in server/, the cleanup command at the root.
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');

/** Chromium's flags for every test; a test that needs more (a fake microphone) adds to these. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The app is started the way `npm start` starts it (the server workspace's start script, after the
// web build that `npm test` runs first), on a fresh data directory with the demo organisation.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // The language model: a local server speaking OpenAI's streaming protocol (a cloud LLM cannot run here).
      command: `node server/test/stub-openai-main.ts`,
      cwd: '..',
      url: `http://127.0.0.1:${STUB_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STUB_PORT: String(STUB_PORT) },
    },
    {
      command: `node server/test/stub-streamlit.ts ${STREAMLIT_STUB_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${STREAMLIT_STUB_PORT}/_stcore/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf '${DATA_DIR}' && npm run start --workspace server`,
      cwd: '..',
      url: `${BASE_URL}/api/healthcheck`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HANGAR_DATA_DIR: DATA_DIR,
        HANGAR_DEMO_PASSWORD: E2E_PASSWORD,
        LOG_LEVEL: 'warn',
        REFRESH_REUSE_GRACE_SECONDS: '2',
        // The suite signs in far more often than a person; the limit itself has a server test.
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
        RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '5000',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `http://127.0.0.1:${STUB_PORT}/v1`,
        // The demo warehouse (a minute of background checks) is not what these tests look at.
        HANGAR_DEMO_WAREHOUSE: 'false',
        AI_FACTORY_APPS: JSON.stringify({ '1001': { upstream: `http://127.0.0.1:${STREAMLIT_STUB_PORT}` } }),
      },
    },
  ],
});
