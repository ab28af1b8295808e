import { openPglite } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * The files of a migrated, empty embedded database (a tar, as PGlite dumps and loads them): the
 * tests' template, and the build's dist/empty-database.tar (./client.ts, `emptyDatabaseFile`).
 */
export async function migratedPgliteFiles(): Promise<Blob> {
  const database = await openPglite();
  await migrate(database);
  const tar = await database.dumpDataDir();
  await database.close();
  return tar;
}
