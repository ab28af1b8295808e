import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../config/api-root.ts';

/** What the child runs: PGlite creates the database in the folder it is given, then closes it. */
const CREATE = [
  "const { PGlite } = await import('@electric-sql/pglite');",
  'const pg = new PGlite(process.argv[1]);',
  'await pg.waitReady;',
  'await pg.close();',
].join(' ');

/**
 * Creates an embedded database in `folder` (absent or empty) the way PGlite does on its first open
 * (initdb), in a child process whose WebAssembly runs on V8's baseline compiler only
 * (--liftoff-only). initdb runs PostgreSQL's code once, so V8's optimising compiler, which the
 * server's own process keeps for its queries, spends its work there for nothing: in the server's
 * process the same initdb took about 10.5 CPU seconds (4.8 of them in V8's compiler threads), in
 * the child about 6 (docs/listings.md, "Demo data"). The database is made in a folder beside
 * `folder` and renamed into place once closed, so a start stopped half way leaves no half-made
 * database behind to be opened as a whole one.
 */
export async function createEmbeddedDatabase(folder: string): Promise<void> {
  const staging = `${folder}.initdb-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  try {
    await new Promise<void>((resolve, reject) => {
      // The bare import resolves from the API package's folder (its node_modules, then the root's).
      const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '--eval', CREATE, staging], {
        cwd: apiRoot(),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`Creating the embedded database failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
      });
    });
    if (fs.existsSync(folder)) fs.rmdirSync(folder);
    fs.renameSync(staging, folder);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
