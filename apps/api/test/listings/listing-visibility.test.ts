import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { listings } from '../../src/db/schema/listings.ts';
import { isPubliclyVisible, publiclyVisibleConditions } from '../../src/modules/listings/listing-visibility.ts';
import { findListingWithPoster } from '../../src/modules/listings/listing-with-poster.ts';
import { banUser, createListing, createListingsTestApp, createLiveListing, hideListing, signUp, suspendUser } from '../support/factories.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);

const DAY = 24 * 3600 * 1000;

describe('listing visibility', () => {
  it('the check on a listing read with its poster and the SQL predicate agree, listing by listing', async () => {
    const now = t.clock.now();
    const active = await signUp(t, { userType: 'landlord' });
    const suspended = await signUp(t, { userType: 'landlord' });
    const suspensionOver = await signUp(t, { userType: 'landlord' });
    const banned = await signUp(t, { userType: 'landlord' });

    const cases: Array<{ id: string; visible: boolean; what: string }> = [];
    cases.push({ id: (await createLiveListing(t, active))._id, visible: true, what: 'live, poster active' });
    cases.push({ id: (await createListing(t, active))._id, visible: false, what: 'draft' });
    const hidden = await createLiveListing(t, active);
    await hideListing(t, hidden._id);
    cases.push({ id: hidden._id, visible: false, what: 'hidden by moderation' });
    cases.push({ id: (await createLiveListing(t, suspended))._id, visible: false, what: 'poster suspended' });
    await suspendUser(t, suspended, new Date(now.getTime() + DAY));
    cases.push({ id: (await createLiveListing(t, suspensionOver))._id, visible: true, what: 'poster suspension over' });
    await suspendUser(t, suspensionOver, new Date(now.getTime() - DAY));
    cases.push({ id: (await createLiveListing(t, banned))._id, visible: false, what: 'poster banned' });
    await banUser(t, banned);

    for (const { id, visible, what } of cases) {
      const found = await findListingWithPoster(t.ctx.db, id);
      expect(found, what).toBeDefined();
      expect(isPubliclyVisible(found!.listing, found!.poster, t.clock.now()), what).toBe(visible);
      const inSql = await t.ctx.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, id), ...publiclyVisibleConditions(t.clock.now())));
      expect(inSql.length === 1, what).toBe(visible);
    }
  });
});
