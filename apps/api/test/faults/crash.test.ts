import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type OpenDatabaseOptions } from '../../src/db/client.ts';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { auditLedger, emptyAcknowledged } from './ledger-audit.ts';
import { buildMarket, runBurst } from './crash-load.ts';
import { scratchPostgres, startReady, stopServer, type ServerProcess } from './server-process.ts';

/**
 * SIGKILL a real server process in the middle of a burst of purchases, unlocks and
 * publishes, start it again on the same data, and check that every call answered 2xx is in the
 * database, that nothing is half applied and that every balance equals its ledger.
 *
 * The run without TEST_DATABASE_URL (npm test) crashes the embedded database (PGlite in DATA_DIR);
 * the PostgreSQL run (npm run test:api:pg) crashes a server on a scratch database of its own.
 */
const PG_SERVER = process.env.TEST_DATABASE_URL;
/** The kill comes once this many calls (one of them a publish) were answered 2xx, with more in flight. */
const KILL_AFTER_ACKS = 40;

const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  for (const c of cleanups.reverse()) await c();
});

async function crashAndRecover(serverEnv: Record<string, string>, checkWith: OpenDatabaseOptions) {
  const first = await startReady(serverEnv, running);
  const market = await buildMarket(first, first.port % 97);

  const acked = emptyAcknowledged();
  let killedAt = -1;
  const burst = await runBurst(market, acked, (count) => {
    // Publishes are the slowest call; the kill waits for one so all three kinds are covered.
    if (killedAt < 0 && count >= KILL_AFTER_ACKS && (acked.publishes.length > 0 || count >= 4 * KILL_AFTER_ACKS)) {
      killedAt = count;
      first.child.kill('SIGKILL');
    }
  });
  const exit = await first.exited;
  expect(exit.signal).toBe('SIGKILL');
  expect(killedAt).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  expect(burst.failures).toEqual([]);
  // The kill came mid-burst: calls were in flight (one per worker at most).
  expect(burst.unanswered).toBeGreaterThan(0);
  expect(acked.purchases.length).toBeGreaterThan(10);
  expect(acked.unlocks.length).toBeGreaterThan(5);
  expect(acked.publishes.length).toBeGreaterThan(0);

  // The same data, a new process: it opens, answers and takes money again.
  const second = await startReady(serverEnv, running);
  const tenant = market.tenants[0]!.on(second);
  const after = await tenant.expectOk('POST', '/api/purchase', { sku: 'CREDIT_SINGLE' });
  acked.purchases.push({ phone: tenant.phone!, purchaseId: after.purchase_id });
  const balance = await tenant.expectOk('GET', '/api/wallet/balance');
  expect(balance.credits).toBe(after.credits);
  expect((await stopServer(second)).code).toBe(0);

  const database = await openDatabase(checkWith);
  try {
    expect(await auditLedger(database, acked)).toEqual([]);
  } finally {
    await database.close();
  }
  console.log(
    `SIGKILL after ${killedAt} answers: ${acked.purchases.length - 1} purchases, ${acked.unlocks.length} unlocks, ` +
      `${acked.publishes.length} publishes answered 2xx, ${burst.unanswered} calls in flight; all stored after the restart`,
  );
  return { acked, unanswered: burst.unanswered };
}

describe.skipIf(Boolean(PG_SERVER))('SIGKILL under load, embedded database (DATA_DIR)', () => {
  it('reopens the data directory with every answered call kept and nothing half applied', async () => {
    const dataDir = migratedDataDir('betoch-crash-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await crashAndRecover({ DATA_DIR: dataDir }, { dataDir });
  }, 180_000);
});

describe.runIf(Boolean(PG_SERVER))('SIGKILL under load, PostgreSQL', () => {
  it('restarts on the same database with every answered call kept and nothing half applied', async () => {
    const scratch = await scratchPostgres(PG_SERVER!, 'crash', inject('postgresTemplateName'));
    cleanups.push(scratch.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await crashAndRecover({ DATABASE_URL: scratch.url, DATA_DIR: dataDir }, { url: scratch.url });
  }, 180_000);
});
