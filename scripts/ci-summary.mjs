// Adds up the JSON reports of Vitest and Playwright and prints one plain closing line:
// "ci: N passed, N failed, N skipped". Before it, every failed test by file and title with the first
// line of its error, so the end of a CI log (often all that is kept) says what failed. A report that
// is missing is named; the run then fails, unless --partial (.ci/run's summary after an earlier step
// failed: the reports that step never wrote are expected to be missing).
import fs from 'node:fs';

const partial = process.argv.includes('--partial');
const files = process.argv.slice(2).filter((a) => a !== '--partial');
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;
const failures = [];

/** Terminal colour codes (ESC [ ... m), which the reporters leave in error messages. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';

function walkPlaywright(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status; // expected | unexpected | flaky | skipped
      if (status === 'skipped') skipped += 1;
      else if (status === 'unexpected') {
        failed += 1;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        failures.push(`${file}: ${spec.file ?? suite.file ?? ''} › ${spec.title} [${test.projectName ?? ''}]: ${firstLine(error)}`);
      } else {
        passed += 1;
        if (status === 'flaky') failures.push(`${file}: flaky (passed on retry): ${spec.file ?? ''} › ${spec.title}`);
      }
    }
  }
  for (const child of suite.suites ?? []) walkPlaywright(child, file);
}

for (const file of files) {
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
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${file}: ${result.name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (failedTests.length === 0 && result.status === 'failed') failures.push(`${file}: ${result.name}: ${firstLine(result.message)}`);
    }
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const before = { passed, failed };
    for (const suite of report.suites ?? []) walkPlaywright(suite, file);
    for (const error of report.errors ?? []) failures.push(`${file}: ${firstLine(error.message)}`);
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  }
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const line of failures) console.log(`  ${line}`);
  console.log('');
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if ((missing && !partial) || failed > 0 || passed === 0) process.exit(1);
