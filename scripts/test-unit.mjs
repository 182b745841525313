// Unit and integration tests: always on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (the server project only: the web tests use no database).
import { spawnSync } from 'node:child_process';

const run = (args, env) => {
  const res = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
console.log('\n== unit and integration tests on PGlite ==');
run([], withoutPg);
if (TEST_DATABASE_URL) {
  console.log(`\n== server tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}) ==`);
  run(['--project', 'server'], process.env);
}
