// `npm run build`: the web app (apps/web/build.mjs) and the
// server (apps/api/build.mjs) built side by side, each by node itself: through npm, each part's
// `npm run` cost about half a CPU second of npm's own start (docs/listings.md, "Demo data").
import path from 'node:path';
import { runNode } from './run-node.mjs';

const root = path.join(import.meta.dirname, '..');
const codes = await Promise.all([runNode(path.join(root, 'apps/api/build.mjs')), runNode(path.join(root, 'apps/web/build.mjs'))]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
