// One closing line for the whole suite, in the plain form CI reads: "N passed, N failed", preceded
// by each failed test's name and the start of its error (CI shows only the end of the output).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLines = (text, n = 12) =>
  String(text)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in reporter output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, n)
    .join('\n    ');

for (const file of existsSync('test-results') ? readdirSync('test-results').filter((f) => f.endsWith('.json')) : []) {
  const r = JSON.parse(readFileSync(`test-results/${file}`, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const suite of r.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push([`${file}: ${suite.name} > ${a.fullName}`, a.failureMessages?.[0] ?? '']);
    if (suite.status === 'failed' && failedTests.length === 0) failures.push([`${file}: ${suite.name}`, suite.message ?? '']);
  }
}

function walk(suite, trail) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const last = t.results?.at(-1);
      failures.push([`e2e: ${[...trail, spec.title].join(' > ')} (${spec.file}:${spec.line})`, last?.error?.message ?? '']);
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
}

const e2e = 'e2e/test-results/results.json';
if (existsSync(e2e)) {
  const report = JSON.parse(readFileSync(e2e, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  for (const suite of report.suites ?? []) walk(suite, []);
}
for (const [name, message] of failures) console.log(`\nFAILED ${name}\n    ${firstLines(message)}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
