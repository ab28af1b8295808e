// `npm run build` (and the first half of `npm start`): the web app (apps/web/build.mjs) and the
// server (apps/api/build.mjs) built side by side, each by node itself: through npm, each part's
// `npm run` cost about half a CPU second of npm's own start (docs/listings.md, "Demo data").
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const run = (file) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: path.dirname(file), stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`${file}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
const codes = await Promise.all([run(path.join(root, 'apps/api/build.mjs')), run(path.join(root, 'apps/web/build.mjs'))]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
