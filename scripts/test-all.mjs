// `npm test`: every stage in order, stopping at the first failure, with how long each took
// (CI has a time budget; the table shows where it goes).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const stages = [
  ['node version', 'node', ['scripts/check-node.mjs']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and integration', 'npm', ['run', 'test:unit']],
  // After the unit tests, which empty test-results/ where it writes the SBOM.
  ['sbom and advisories', 'node', ['scripts/sbom.mjs']],
  ['build', 'npm', ['run', 'build']],
  ['end to end', 'npm', ['run', 'test:e2e']],
  ['summary', 'node', ['scripts/test-summary.mjs']],
];

const took = [];
const table = () => {
  console.log('\n== time per stage ==');
  for (const [name, seconds, ok] of took) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(22)} ${seconds.toFixed(0).padStart(5)} s`);
  console.log(
    `     ${'total'.padEnd(22)} ${took
      .reduce((s, [, t]) => s + t, 0)
      .toFixed(0)
      .padStart(5)} s`,
  );
};

// A report left by an earlier run would be counted by the summary.
rmSync('e2e/test-results/results.json', { force: true });

for (const [name, command, args] of stages) {
  console.log(`\n== ${name} ==`);
  const started = performance.now();
  const res = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = res.status === 0;
  took.push([name, seconds, ok]);
  console.log(`== ${name}: ${ok ? 'done' : 'failed'} in ${seconds.toFixed(0)} s ==`);
  if (!ok) {
    // Which tests failed and why, close to the end of the output where CI's excerpt shows it.
    if (name !== 'summary') spawnSync('node', ['scripts/test-summary.mjs'], { stdio: 'inherit' });
    table();
    process.exit(res.status ?? 1);
  }
}
table();
