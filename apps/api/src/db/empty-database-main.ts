// Run by the build (apps/api/build.mjs) once the server is bundled: writes dist/empty-database.tar,
// which the built server's first start on an empty DATA_DIR loads (./client.ts, `emptyDatabaseFile`).
import fs from 'node:fs';
import { emptyDatabasePath } from './client.ts';
import { migratedPgliteFiles } from './empty-database.ts';

fs.writeFileSync(emptyDatabasePath(), Buffer.from(await (await migratedPgliteFiles()).arrayBuffer()));
