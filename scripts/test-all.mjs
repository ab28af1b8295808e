// `npm test`: every test. The web app is built first; then the unit and API tests (Vitest) run
// beside the browser journeys (Playwright). The journeys keep a core busy about half the time
// (they wait on pages, animations and the network), so Vitest fills the rest: on a 2-core machine
// the two together took about 12m50s one after the other. The journeys' output streams as they
// run; Vitest's is kept and printed whole when both are done, so neither interleaves the other.
// Exits non-zero when either fails.
import { spawn } from 'node:child_process';

const started = Date.now();
const since = () => `${Math.round((Date.now() - started) / 1000)} s`;

function run(script, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (capture) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8'), at: since() }));
  });
}

const build = await run('build');
if (build.code !== 0) process.exit(build.code);
console.log(`\n== built (${build.at}); unit and API tests (Vitest) run beside the browser journeys (Playwright) ==\n`);
const [unit, journeys] = await Promise.all([run('test:unit', { capture: true }), run('test:journeys')]);
console.log(`\n== unit and API tests (Vitest), finished after ${unit.at} ==\n`);
process.stdout.write(unit.output);
console.log(
  `\n== npm test: Vitest ${unit.code === 0 ? 'passed' : 'FAILED'} (${unit.at}), journeys ${journeys.code === 0 ? 'passed' : 'FAILED'} (${journeys.at}); ${since()} in all ==`,
);
process.exit(unit.code || journeys.code);
