import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { recordEvents } from '../../src/lib/product-events.ts';
import { appEventsCutoff, RETENTION } from '../../src/modules/retention/retention-periods.ts';
import { eventDays } from '../../src/modules/retention/retention.repository.ts';
import { sweepRetention } from '../../src/modules/retention/retention.service.ts';
import { uniquePhone } from '../support/login.ts';
import { createTestApp } from '../support/test-app.ts';
import { useTwoServers } from '../support/second-server.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Two app instances on one database, as two servers.
const { a, b } = useTwoServers(createTestApp);
let ip = 0;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await a.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A sign-in code sent now, through the real call (it also records the client address). */
async function sendCode(phone: string, address: string): Promise<void> {
  const res = await a.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: address });
  expect(res.statusCode, res.body).toBe(200);
}

async function codePhones(): Promise<string[]> {
  return (await rows<{ phone: string }>(sql`SELECT phone FROM otp_codes ORDER BY phone`)).map((r) => r.phone);
}

async function eventOf(marker: string): Promise<{ ip: string | null; type: string } | undefined> {
  const [row] = await rows<{ ip: string | null; type: string }>(sql`SELECT data ->> 'ip' AS ip, type FROM app_events WHERE data ->> 'marker' = ${marker}`);
  return row;
}

describe('the retention periods', () => {
  it('sign-in codes go 24 hours after they were sent, client addresses after 30 days, events after 13 months (counted per day first); nothing younger', async () => {
    const oldPhone = uniquePhone();
    const youngPhone = uniquePhone();
    const oldAddress = `10.77.0.${++ip}`;
    await sendCode(oldPhone, oldAddress);
    a.clock.advance(RETENTION.signInCodeMs - 10 * MINUTE);
    await sendCode(youngPhone, `10.77.0.${++ip}`);
    a.clock.advance(10 * MINUTE + MINUTE);
    const now = a.clock.now();

    // Client addresses a day either side of 30 days; events a day either side of 13 months.
    const cutoff = appEventsCutoff(now);
    const oldDay = new Date(cutoff.getTime() - DAY);
    await recordEvents(a.ctx.db, [
      {
        type: 'otp_requested',
        data: { ip: '10.1.1.1', phone_prefix: '+2519112', marker: 'ip-old' },
        at: new Date(now.getTime() - RETENTION.clientAddressMs - DAY),
      },
      {
        type: 'otp_requested',
        data: { ip: '10.1.1.2', phone_prefix: '+2519112', marker: 'ip-young' },
        at: new Date(now.getTime() - RETENTION.clientAddressMs + DAY),
      },
      { type: 'listing_published', subjectType: 'listing', subjectId: 'old-1', data: { marker: 'event-old-1' }, at: oldDay },
      { type: 'listing_published', subjectType: 'listing', subjectId: 'old-2', data: { marker: 'event-old-2' }, at: new Date(oldDay.getTime() + MINUTE) },
      { type: 'report_filed', subjectType: 'listing', subjectId: 'old-3', data: { marker: 'event-old-3' }, at: oldDay },
      { type: 'listing_published', subjectType: 'listing', subjectId: 'young', data: { marker: 'event-young' }, at: new Date(cutoff.getTime() + DAY) },
    ]);
    const before = await codePhones();
    expect(before).toEqual(expect.arrayContaining([oldPhone, youngPhone]));

    const swept = await sweepRetention(a.ctx.db, now);

    const after = await codePhones();
    expect(after).not.toContain(oldPhone);
    expect(after).toContain(youngPhone);
    // The address the old code was asked from is a day old: kept.
    const [sentEvent] = await rows<{ ip: string | null }>(
      sql`SELECT data ->> 'ip' AS ip FROM app_events WHERE type = 'otp_requested' AND data ->> 'ip' = ${oldAddress}`,
    );
    expect(sentEvent?.ip).toBe(oldAddress);
    // Past 30 days the address is gone but the event (and its number range) stays; younger keeps it.
    expect(await eventOf('ip-old')).toEqual({ ip: null, type: 'otp_requested' });
    expect(await eventOf('ip-young')).toEqual({ ip: '10.1.1.2', type: 'otp_requested' });
    // Past 13 months the events are gone, counted on their Addis Ababa day; younger ones stay.
    for (const marker of ['event-old-1', 'event-old-2', 'event-old-3']) expect(await eventOf(marker), marker).toBeUndefined();
    expect(await eventOf('event-young')).toBeDefined();
    const addisDay = new Date(oldDay.getTime() + 3 * HOUR).toISOString().slice(0, 10);
    expect(await eventDays(a.ctx.db, 'listing_published')).toEqual([{ day: addisDay, n: 2 }]);
    expect(await eventDays(a.ctx.db, 'report_filed')).toEqual([{ day: addisDay, n: 1 }]);
    expect(swept).toEqual({ signInCodes: 1, clientAddresses: 1, events: 3 });

    // Again at the same moment: nothing more goes, no count is added twice.
    expect(await sweepRetention(a.ctx.db, now)).toEqual({ signInCodes: 0, clientAddresses: 0, events: 0 });
    expect(await eventDays(a.ctx.db, 'listing_published')).toEqual([{ day: addisDay, n: 2 }]);

    // A later event of the same day adds to its count.
    await recordEvents(a.ctx.db, [{ type: 'listing_published', data: { marker: 'event-old-4' }, at: new Date(oldDay.getTime() + 2 * MINUTE) }]);
    await sweepRetention(a.ctx.db, now);
    expect(await eventDays(a.ctx.db, 'listing_published')).toEqual([{ day: addisDay, n: 3 }]);
  });

  it('runs once per hour across two servers, as the data-retention job', async () => {
    const phone = uniquePhone();
    await sendCode(phone, `10.77.0.${++ip}`);
    a.clock.advance(RETENTION.signInCodeMs + HOUR);
    const runsBefore = (await listJobRuns(a.ctx.db)).find((r) => r.name === 'data-retention')?.runs ?? 0;

    const [ranA, ranB] = await Promise.all([a.jobs.tick(), b.jobs.tick()]);
    expect([...ranA, ...ranB].filter((name) => name === 'data-retention')).toHaveLength(1);
    expect(await codePhones()).not.toContain(phone);
    // Both servers check again within the hour: it does not run again.
    a.clock.advance(30 * MINUTE);
    const [againA, againB] = await Promise.all([a.jobs.tick(), b.jobs.tick()]);
    expect([...againA, ...againB]).not.toContain('data-retention');
    const row = (await listJobRuns(a.ctx.db)).find((r) => r.name === 'data-retention');
    expect(row?.runs).toBe(runsBefore + 1);
    expect(row?.last_error).toBeNull();
  });
});
