import { beforeAll, describe, expect, it } from 'vitest';
import { moveInCost } from '@betoch/contracts/move-in-cost';
import { createListing, createListingsTestApp, createLiveListing, listingPayload } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);
let landlord: SignedIn;
let broker: SignedIn;
beforeAll(async () => {
  landlord = await signUp(t, { userType: 'landlord' });
  broker = await signUp(t, { userType: 'delala', agencyName: 'Addis Homes' });
  await grantByLedger(t, broker, 'post_credits', 5);
});

const ADVANCE_REASON = 'The rent law (Proclamation No. 1320/2024) allows at most two months of advance rent';

describe('the move-in cost at posting', () => {
  it('refuses an advance above two months with the reason, on create and on edit', async () => {
    const res = await t.request({ method: 'POST', url: '/api/listings', headers: landlord.auth, payload: listingPayload({ advance_months: 3 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', fields: { advance_months: ADVANCE_REASON } });

    const draft = await createListing(t, landlord, { advance_months: 2 });
    expect(draft.advance_months).toBe(2);
    const edit = await t.request({ method: 'PATCH', url: `/api/listings/${draft._id}`, headers: landlord.auth, payload: { advance_months: '6' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ advance_months: ADVANCE_REASON });
    const half = await t.request({ method: 'PATCH', url: `/api/listings/${draft._id}`, headers: landlord.auth, payload: { advance_months: 1.5 } });
    expect(half.json().fields.advance_months).toBe('Advance must be a whole number of months (0, 1 or 2)');
  });

  it("shows a broker's listing's parts on /l/{id}: advance, deposit and the fee as a share of one month", async () => {
    const live = await createLiveListing(t, broker, { price_etb: 20000, advance_months: 2, deposit_etb: '10,000', broker_fee_percent: 50 });
    const res = await t.request({ method: 'GET', url: `/api/listings/${live._id}` });
    const listing = res.json().listing;
    expect(listing).toMatchObject({ access: 'public', price_etb: 20000, advance_months: 2, deposit_etb: 10000, broker_fee_etb: null, broker_fee_percent: 50 });
    expect(moveInCost(listing)).toEqual({ firstMonth: 20000, advance: 40000, deposit: 10000, brokerFee: 10000, total: 80000 });

    // A fee in ETB replaces the share.
    const edited = await t.request({ method: 'PATCH', url: `/api/listings/${live._id}`, headers: broker.auth, payload: { broker_fee_etb: 5000 } });
    expect(edited.json().listing).toMatchObject({ broker_fee_etb: 5000, broker_fee_percent: null });
    expect(moveInCost(edited.json().listing).total).toBe(20000 + 40000 + 10000 + 5000);
  });

  it("ignores a broker fee on a landlord's listing; nothing given means the first month only", async () => {
    const draft = await createListing(t, landlord, { price_etb: 15000, broker_fee_etb: 3000, broker_fee_percent: 20 });
    expect(draft).toMatchObject({ advance_months: null, deposit_etb: null, broker_fee_etb: null, broker_fee_percent: null });
    expect(moveInCost(draft)).toEqual({ firstMonth: 15000, advance: 0, deposit: 0, brokerFee: 0, total: 15000 });
  });

  it('refuses a share outside 1 to 100 percent and a negative deposit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/listings',
      headers: broker.auth,
      payload: listingPayload({ broker_fee_percent: 150, deposit_etb: -5 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      broker_fee_percent: "Broker fee share must be between 1 and 100 percent of one month's rent",
      deposit_etb: 'Deposit must be a valid amount in birr',
    });
  });
});
