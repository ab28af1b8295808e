// `npm run build:api`: the server built into plain JavaScript for production (`npm start`), so it
// starts without compiling TypeScript at run time: dist/main.js and the photo worker it starts,
// dist/photo-worker-main.js. The shared contracts are bundled in; every other package is loaded
// from node_modules as it is. The command-line tasks (npm run admin ...) still run through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@betoch/contracts');
const started = Date.now();
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'photo-worker-main': 'src/modules/uploads/photo-worker-main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Packages loaded with require() inside the bundle (CommonJS dependencies of bundled code).
  banner: { js: "import { createRequire as __betochRequire } from 'node:module'; const require = __betochRequire(import.meta.url);" },
});
console.log(`API built into apps/api/dist in ${Date.now() - started} ms`);
