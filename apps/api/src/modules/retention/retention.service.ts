import type { DbOrTx } from '../../db/client.ts';
import { appEventsCutoff, RETENTION } from './retention-periods.ts';
import { deleteSignInCodesSentBefore, rollUpAndDropEventsBefore, stripClientAddressesBefore } from './retention.repository.ts';

/** Events dropped per statement: each batch is its own transaction, so a long backlog never holds locks for long. */
const EVENT_BATCH = 5_000;

export interface RetentionSweep {
  signInCodes: number;
  clientAddresses: number;
  events: number;
}

/**
 * Deletes or strips what has outlived its period in retention-periods.ts, as of `now`. Every step
 * is one statement, safe to repeat: a process that dies midway leaves the rest for the next run.
 */
export async function sweepRetention(db: DbOrTx, now: Date): Promise<RetentionSweep> {
  const signInCodes = await deleteSignInCodesSentBefore(db, new Date(now.getTime() - RETENTION.signInCodeMs));
  const clientAddresses = await stripClientAddressesBefore(db, new Date(now.getTime() - RETENTION.clientAddressMs));
  const cutoff = appEventsCutoff(now);
  let events = 0;
  for (;;) {
    const dropped = await rollUpAndDropEventsBefore(db, cutoff, EVENT_BATCH);
    events += dropped;
    if (dropped < EVENT_BATCH) break;
  }
  return { signInCodes, clientAddresses, events };
}
