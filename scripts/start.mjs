// `npm start`: builds the server (apps/api/build.mjs), then starts it while the web app builds
// (apps/web/build.mjs) beside it. A first start spends most of its time making the embedded
// database and drawing the demo photos, which need no web build; the server sets up its pages
// only once this script tells it, on the IPC channel, that the build is whole (apps/api/src/main.ts,
// webBuiltByParent). `npm run build` (scripts/build.mjs) builds both without starting anything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { exitCodeOf, runNode } from './run-node.mjs';

const root = path.join(import.meta.dirname, '..');
/** The start command of every real server (Dockerfile, deploy/betoch.service, docs/deploy.md). */
const SERVER = [
  '--single-threaded-gc',
  '--max-semi-space-size=16',
  '--heap-growing-percent=300',
  '--external-memory-accounted-in-global-limit',
  'apps/api/dist/main.js',
];

const apiBuilt = await runNode(path.join(root, 'apps/api/build.mjs'));
if (apiBuilt !== 0) process.exit(apiBuilt);

const server = spawn(process.execPath, [...SERVER, '--web-being-built'], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
const serverExit = exitCodeOf(server);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

const webBuilt = await runNode(path.join(root, 'apps/web/build.mjs'));
if (server.connected) server.send({ webBuild: webBuilt === 0 ? 'done' : 'failed' }, () => server.connected && server.disconnect());
process.exitCode = await serverExit;
