// Unit and integration tests: always on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (the server project only: the web tests use no database).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const run = (args, env, report) => {
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/${report}.json`];
  const res = spawnSync('npx', ['vitest', 'run', ...reporters, ...args], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
rmSync('test-results', { recursive: true, force: true });
console.log('\n== unit and integration tests on PGlite ==');
run([], withoutPg, 'vitest-pglite');
if (TEST_DATABASE_URL) {
  console.log(`\n== server tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}) ==`);
  run(['--project', 'server'], process.env, 'vitest-postgres');
}
