import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { TBrowseAnswer, TListing, TMyListingsAnswer } from '@betoch/contracts/listings';
import type { TMyUnlocksAnswer } from '@betoch/contracts/unlocks';
import { maskName, maskText } from '../../src/modules/listings/listing-text-masking.ts';
import { chat } from '../conversations/chat-calls.ts';
import { leaksIn, phoneSpellings } from '../security/market.ts';
import { createListingsTestApp, createLiveListing, signUpAdmin } from '../support/factories.ts';
import { signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import { grantCredits } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * Contact details a poster writes into their listing's text reach only the poster and admins;
 * everyone else reads them masked, wherever the listing is answered (detail, browse, inbox, my
 * unlocks). Innocent numbers (prices, rooms, areas, years, house numbers) stay as written.
 */

/** Numbers every listing has that must survive the masking untouched. */
const INNOCENT = ['2 bedroom', '85 sqm', 'built in 2015', '25,000 ETB', 'H.No 1234', 'Woreda 03', 'G+2', 'from 2017/05/12'];

const t = useTestApp(createListingsTestApp);
let poster: SignedIn;
let tenant: SignedIn;
let stranger: SignedIn;
let admin: SignedIn;
let listingId: string;
const written = { title: '', description: '', specific_location: '' };

beforeAll(async () => {
  const phone = uniquePhone();
  const n = phone.replace(/^\+251/, '');
  poster = await signUp(t, { phone, userType: 'landlord', name: `Abebe 0${n}` });
  tenant = await signUp(t, { name: 'Hanna' });
  stranger = await signUp(t, { userType: 'landlord', name: 'Selam' });
  admin = await signUpAdmin(t);
  written.title = `2 bedroom flat, call 0${n}`;
  written.specific_location = `H.No 1234, Woreda 03, tel +251 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
  written.description = [
    'Bright 2 bedroom flat, 85 sqm, G+2, built in 2015, 25,000 ETB a month, free from 2017/05/12.',
    `Skip the app and call me: ${phoneSpellings(phone).join(' or ')}.`,
    `Or spelled out: zero ${[...n].map((d) => ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][Number(d)]).join(' ')}.`,
    'E-mail abebe.house@gmail.com, telegram @abebe_house.',
  ].join(' ');
  listingId = (await createLiveListing(t, poster, { contact_preference: 'show', ...written }))._id;
}, 60_000);

async function detail(who: SignedIn | null): Promise<TListing> {
  const res = await t.request({ method: 'GET', url: `/api/listings/${listingId}`, headers: who?.auth });
  expect(res.statusCode).toBe(200);
  return res.json().listing as TListing;
}

function expectMasked(text: string): void {
  expect(text).toContain(CONTACT_MASK);
  expect(leaksIn(JSON.stringify({ text }), [poster.phone])).toEqual([]);
}

describe('phone numbers written into listing text', () => {
  it('the poster reads their own listing as written', async () => {
    const own = await detail(poster);
    expect(own.access).toBe('poster');
    expect({ title: own.title, description: own.description, specific_location: own.specific_location }).toEqual(written);
    const mine = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: poster.auth })).json() as TMyListingsAnswer;
    expect(mine.listings.find((l) => l._id === listingId)?.description).toBe(written.description);
  });

  it('an admin reads it as written', async () => {
    const seen = await detail(admin);
    expect(seen.access).toBe('admin');
    expect(seen.description).toBe(written.description);
    expect(seen.title).toBe(written.title);
  });

  it('anonymous visitors, tenants and other owners read every contact detail masked', async () => {
    for (const who of [null, tenant, stranger]) {
      const seen = await detail(who);
      expect(seen.access).toBe('public');
      expectMasked(seen.title);
      expectMasked(seen.description);
      expectMasked(seen.specific_location!);
      expectMasked(seen.posted_by.name!);
      expect(seen.description).not.toMatch(/zero (?:nine|seven)/);
      expect(seen.description).not.toContain('gmail');
      expect(seen.description).not.toContain('abebe_house');
    }
  });

  it('innocent numbers stay as written', async () => {
    const seen = await detail(tenant);
    const text = `${seen.title} ${seen.description} ${seen.specific_location}`;
    for (const words of INNOCENT) expect(text).toContain(words);
    expect(seen.title).toBe(`2 bedroom flat, call ${CONTACT_MASK}`);
    expect(seen.specific_location).toBe(`H.No 1234, Woreda 03, tel ${CONTACT_MASK}`);
    expect(seen.description.startsWith('Bright 2 bedroom flat, 85 sqm, G+2, built in 2015, 25,000 ETB a month, free from 2017/05/12. ')).toBe(true);
  });

  it('browse cards are masked for everyone, the poster included (browse is one public answer)', async () => {
    for (const who of [null, tenant, poster]) {
      const res = await t.request({ method: 'GET', url: '/api/listings?limit=50', headers: who?.auth });
      const card = (res.json() as TBrowseAnswer).listings.find((l) => l._id === listingId)!;
      expect(card.title).toBe(`2 bedroom flat, call ${CONTACT_MASK}`);
      expectMasked(card.specific_location!);
      // A card names no poster at all (only what the card shows).
      expect(card).not.toHaveProperty('posted_by');
      expect(leaksIn(res.body, [poster.phone])).toEqual([]);
    }
  });

  it('the inbox shows the tenant the title masked and the owner as written; my unlocks masked', async () => {
    const c = chat(t);
    const { conversation_id } = await c.start(tenant, listingId, 'Is it still free?');
    const tenantRow = (await c.inbox(tenant)).find((r) => r.conversation_id === conversation_id)!;
    expect(tenantRow.listing_id?.title).toBe(`2 bedroom flat, call ${CONTACT_MASK}`);
    const ownerRow = (await c.inbox(poster)).find((r) => r.conversation_id === conversation_id)!;
    expect(ownerRow.listing_id?.title).toBe(written.title);

    await grantCredits(t, tenant, 1);
    const unlock = await t.request({ method: 'POST', url: `/api/listings/${listingId}/unlock-contact`, headers: tenant.auth });
    expect(unlock.statusCode).toBe(200);
    const unlocks = (await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: tenant.auth })).json() as TMyUnlocksAnswer;
    expect(unlocks.unlocks.find((u) => u.listing._id === listingId)?.listing.title).toBe(`2 bedroom flat, call ${CONTACT_MASK}`);
  });

  it('an edit is masked at once (the remembered answer follows the text)', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/listings/${listingId}`,
      headers: poster.auth,
      payload: { title: 'Renovated 2 bedroom flat, 3rd floor' },
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(tenant)).title).toBe('Renovated 2 bedroom flat, 3rd floor');
    await t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: poster.auth, payload: { title: `Flat, whatsapp ${poster.phone}` } });
    expect((await detail(tenant)).title).toBe(`Flat, whatsapp ${CONTACT_MASK}`);
  });
});

describe('maskText and maskName', () => {
  it('leaves ordinary listing text alone, in English and Amharic', () => {
    for (const text of [
      'Spacious 3 bedrooms, 2 bathrooms, 120 sqm. Rent 25000 birr per month, 2 months deposit.',
      'Block 12, house 405, near Bole 24 condominium, Kebele 11',
      'Price 15000-20000 negotiable, call for viewing between 9:00 and 17:30',
      'ቦሌ አካባቢ ባለ 3 መኝታ ቤት፣ 2 መታጠቢያ፣ ወርሃዊ ኪራይ 30,000 ብር',
    ]) {
      expect(maskText(text)).toBe(text);
    }
  });

  it('answers the same twice (remembered) and masks Amharic spelled numbers', () => {
    const text = 'ስልክ ዜሮ ዘጠኝ አንድ አንድ ሁለት ሁለት ሶስት ሶስት አራት አራት';
    expect(maskName(text)).toBe(`ስልክ ${CONTACT_MASK}`);
    expect(maskName(text)).toBe(`ስልክ ${CONTACT_MASK}`);
  });
});
