import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const FLAGS = ['--single-threaded-gc', '--max-semi-space-size=16', '--heap-growing-percent=300', '--external-memory-accounted-in-global-limit'];
const FLAG = FLAGS.join(' ');

describe('the start command', () => {
  it('gives Node the same flags wherever the server is started for real, and the bench measures it so', () => {
    const rootStart = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    const apiStart = (JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(rootStart).toBe('node scripts/start.mjs');
    const server = /const SERVER = \[([^\]]*)\];/.exec(read('scripts/start.mjs'))?.[1] ?? '';
    expect([...server.matchAll(/'([^']*)'/g)].map((m) => m[1])).toEqual([...FLAGS, 'apps/api/dist/main.js']);
    expect(apiStart).toBe(`node ${FLAG} dist/main.js`);
    expect(read('Dockerfile')).toContain(`CMD ["node", ${FLAGS.map((f) => `"${f}"`).join(', ')}, "apps/api/dist/main.js"]`);
    expect(read('deploy/betoch.service')).toContain(`ExecStart=/usr/bin/node ${FLAG} apps/api/dist/main.js`);
    expect(read('docs/deploy.md')).toContain(`node ${FLAG} apps/api/dist/main.js`);
    expect(read('scripts/bench/lib/server.ts')).toContain(`START_FLAGS = [${FLAGS.map((f) => `'${f}'`).join(', ')}]`);
  });

  it('starts a Node that takes every one of those flags (Node refuses a flag it does not know)', () => {
    expect(execFileSync(process.execPath, [...FLAGS, '-e', 'process.stdout.write("started")'], { encoding: 'utf8' })).toBe('started');
  });
});
