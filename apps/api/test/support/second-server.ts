import { buildApp, type BuiltApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { afterAll, beforeAll } from 'vitest';
import { TEST_DATABASE_URL, type TestApp } from './test-app.ts';
import { lateBound, useTestApp } from './use-test-app.ts';

/** A second app instance on a test app's database, and how to close it (before the test app). */
interface SecondServer {
  b: BuiltApp;
  close(): Promise<void>;
}

/**
 * A second server on the same database: on PostgreSQL with its own connection pool (as two
 * servers have), on the embedded database sharing its one connection. The database is the test
 * file's own (each file gets a copy of the migrated template), not the base one.
 */
async function openSecondServer(a: TestApp): Promise<SecondServer> {
  const secondDatabase = TEST_DATABASE_URL ? await openDatabase({ url: a.databaseUrl!, poolSize: 5 }) : undefined;
  const b = await buildApp(a.env, { database: secondDatabase ?? a.database, now: a.clock.now, logger: false });
  await b.app.ready();
  return {
    b,
    close: async () => {
      await b.app.close();
      await secondDatabase?.close();
    },
  };
}

/** A test file's two servers on one database: `a` the test app, `b` the second; built in beforeAll, `b` closed before `a`. */
export function useTwoServers(create: () => Promise<TestApp>): { a: TestApp; b: BuiltApp } {
  const a = useTestApp(create);
  let second: SecondServer | undefined;
  beforeAll(async () => {
    second = await openSecondServer(a);
  });
  afterAll(async () => {
    await second?.close();
  });
  return { a, b: lateBound(() => second?.b) };
}
