// `npm run build -w @betoch/web`: the browser's build into dist/, then the server's renderer
// (src/entry-server.tsx) into dist/server, one after the other in one process: Vite and its
// plugins load once (`vite build` twice loaded them twice; `npm start` builds on every start).
import { build } from 'vite';

const root = import.meta.dirname;
await build({ root });
await build({ root, build: { ssr: 'src/entry-server.tsx', outDir: 'dist/server', emptyOutDir: false } });
