import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the suites mostly wait on databases, child
    // processes and background jobs, so two keep both cores busy (CI has 2 cores).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          // The server's files import the whole app (Fastify, drizzle, DuckDB, pdfjs...): isolated,
          // each file paid ~2 s of imports (220 s a run). Shared per worker they are imported once;
          // every test starts its own app, database and data directory, so no state is shared.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
