// Adds up the JSON reports of Vitest and Playwright and prints one plain closing line:
// "ci: N passed, N failed, N skipped". Exits non-zero when a report is missing or ran no test.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

function walkPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status; // expected | unexpected | flaky | skipped
      if (status === 'skipped') skipped += 1;
      else if (status === 'unexpected') failed += 1;
      else passed += 1;
    }
  }
  for (const child of suite.suites ?? []) walkPlaywright(child);
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`missing report: ${file}`);
    missing = true;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const before = { passed, failed };
    for (const suite of report.suites ?? []) walkPlaywright(suite);
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  }
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (missing || failed > 0 || passed === 0) process.exit(1);
