import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new temporary DATA_DIR whose embedded database is already migrated and empty: a copy of the
 * template folder made once per run (template-database.global.ts). A server process or a
 * command-line task started on it opens the database and finds every migration applied (it still
 * reads its migration files and checks their checksums), instead of creating a database and
 * running every migration itself. The caller removes the folder.
 */
export function migratedDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('pgliteTemplateDataDir'), dataDir, { recursive: true });
  return dataDir;
}
