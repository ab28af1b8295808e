// `npm run build:api`: the server built into plain JavaScript for production (`npm start`), so it
// starts without compiling TypeScript at run time: dist/main.js and the photo worker it starts,
// dist/photo-worker-main.js. The packages it uses are bundled in too: Node then reads one file
// instead of resolving and loading some thousand modules from node_modules, which took two thirds
// of the start's module loading (docs/listings.md, "Demo data"). Left outside: sharp (native code),
// PGlite (finds its WebAssembly and data files beside its own code) and what is never loaded
// (pg-native, tsx). Also dist/demo-photos-worker-main.js: the thread that draws the demo's photos
// on a first start (src/modules/demo-seed/demo-photos.ts). `npm run build` runs this beside the web
// app's build. The command-line tasks (npm run admin ...) still run through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
const external = ['sharp', '@electric-sql/pglite', 'pg-native', 'tsx'];
const started = Date.now();
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'photo-worker-main': 'src/modules/uploads/photo-worker-main.ts',
    'demo-photos-worker-main': 'src/modules/demo-seed/demo-photos-worker-main.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // What bundled CommonJS code expects of its module scope: require() (packages loaded with it)
  // and __dirname/__filename (ioredis trims error stacks with it; they name the bundle's own).
  banner: {
    js: [
      "import { createRequire as __betochRequire } from 'node:module';",
      "import { fileURLToPath as __betochPath } from 'node:url';",
      'const require = __betochRequire(import.meta.url);',
      'const __filename = __betochPath(import.meta.url);',
      "const __dirname = __betochPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
});
console.log(`API built into apps/api/dist in ${Date.now() - started} ms`);
