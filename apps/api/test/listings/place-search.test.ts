import { beforeAll, describe, expect, it } from 'vitest';
import type { TListingCard } from '@betoch/contracts/listings';
import { signUp, type SignedIn } from '../support/login.ts';
import { createDraftWithPhotos, createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * The place search of /browse: GET /api/listings?q= finds listings by subcity and by
 * neighbourhood or landmark in the title and specific location, in Ge'ez or Latin letters and
 * the common spellings, and the same listings whichever way it is typed.
 */
const t = useTestApp(createListingsTestApp);
let broker: SignedIn;
const id: Record<string, string> = {};

beforeAll(async () => {
  broker = await signUp(t, { userType: 'delala', name: 'Hanna', agencyName: 'Sheger Homes' });
  await grantByLedger(t, broker, 'delala_unlimited_days', 365);
  const make = async (key: string, overrides: Record<string, unknown>) => {
    id[key] = (await createLiveListing(t, broker, { description: `A well kept home, listing ${key}, with water and parking.`, ...overrides }))._id;
  };
  await make('megenagnaLatin', { title: 'Two bedroom apartment near Megenagna', specific_location: 'Behind Zefmesh mall', subcity: 'Yeka' });
  await make('megenagnaGeez', { title: 'ባለ ሁለት መኝታ ቤት', specific_location: 'መገናኛ አካባቢ', subcity: 'Yeka' });
  await make('piazzaLatin', { title: 'Studio flat in Piazza', specific_location: null, subcity: 'Arada' });
  await make('piassaGeez', { title: 'ስቱዲዮ ቤት በፒያሳ', specific_location: 'ከማዘጋጃ ቤት ጀርባ', subcity: 'Arada' });
  await make('boleVilla', { title: 'Villa with a large garden', specific_location: 'Near Edna Mall', subcity: 'Bole' });
  await make('sarbet', { title: 'Apartment with a view', specific_location: 'Sar Bet, near the Canadian embassy', subcity: 'Nefas Silk-Lafto' });
  await make('hayaHulet', { title: 'ኮንዶሚኒየም ቤት', specific_location: 'ሐያ ሁለት ማዞሪያ', subcity: 'Yeka', type: 'condominium' });
  await make('kolfe', { title: 'House with compound', specific_location: 'Kolfe market', subcity: 'Kolfe Keranio', type: 'house' });
});

async function search(q: string, more = ''): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/api/listings?q=${encodeURIComponent(q)}${more}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().listings as TListingCard[]).map((c) => c._id).sort();
}

const sorted = (...keys: string[]) => keys.map((k) => id[k]!).sort();

describe('GET /api/listings?q= (place search)', () => {
  it('finds Megenagna listings from መገናኛ, Megenagna and Megenagnya, written in either script', async () => {
    const expected = sorted('megenagnaLatin', 'megenagnaGeez');
    for (const q of ['መገናኛ', 'Megenagna', 'megenagnya', ' MEGENAGNA ']) expect(await search(q), q).toEqual(expected);
  });

  it('finds Piassa listings from ፒያሳ, Piassa and Piazza', async () => {
    const expected = sorted('piazzaLatin', 'piassaGeez');
    for (const q of ['ፒያሳ', 'Piassa', 'Piazza', 'piasa']) expect(await search(q), q).toEqual(expected);
  });

  it('finds a subcity by its name in either script, with the listings that name it only in the column', async () => {
    // The villa says 'Bole' nowhere in its text; its subcity is Bole.
    expect(await search('ቦሌ')).toEqual(sorted('boleVilla'));
    expect(await search('Bole')).toEqual(sorted('boleVilla'));
    expect(await search('ኮልፌ ቀራኒዮ')).toEqual(sorted('kolfe'));
    expect(await search('Kolfe Keraniyo')).toEqual(sorted('kolfe'));
  });

  it("folds spaces and the Ge'ez letter variants: ሳር ቤት = Sarbet, ሀያ ሁለት = ሐያ ሁለት = 22", async () => {
    for (const q of ['ሳር ቤት', 'Sarbet', 'sar bet']) expect(await search(q), q).toEqual(sorted('sarbet'));
    for (const q of ['ሀያ ሁለት', 'ሃያ ሁለት', '22', 'Haya Hulet']) expect(await search(q), q).toEqual(sorted('hayaHulet'));
  });

  it('searches any other word in the title and location, and finds nothing for a place no listing names', async () => {
    expect(await search('zefmesh')).toEqual(sorted('megenagnaLatin'));
    expect(await search('garden')).toEqual(sorted('boleVilla'));
    expect(await search('ጀሞ')).toEqual([]);
    expect(await search('Jemo')).toEqual([]);
  });

  it('combines with the other filters', async () => {
    expect(await search('Yeka', '&type=condominium')).toEqual(sorted('hayaHulet'));
    expect(await search('መገናኛ', '&subcity=Arada')).toEqual([]);
    expect(await search('Piazza', '&subcity=Arada')).toEqual(sorted('piazzaLatin', 'piassaGeez'));
  });

  it('pages through the results with the cursor, keeping the search', async () => {
    const first = await t.request({ method: 'GET', url: `/api/listings?q=${encodeURIComponent('Megenagna')}&limit=1` });
    const page1 = first.json() as { listings: TListingCard[]; next_cursor: string | null };
    expect(page1.listings).toHaveLength(1);
    expect(page1.next_cursor).not.toBeNull();
    const second = await t.request({ method: 'GET', url: `/api/listings?q=Megenagna&limit=1&cursor=${encodeURIComponent(page1.next_cursor!)}` });
    const page2 = second.json() as { listings: TListingCard[]; next_cursor: string | null };
    expect([page1.listings[0]!._id, page2.listings[0]!._id].sort()).toEqual(sorted('megenagnaLatin', 'megenagnaGeez'));
    expect(page2.next_cursor).toBeNull();
  });

  it('never finds drafts', async () => {
    const draft = await createDraftWithPhotos(t, broker, { title: 'Draft flat in Megenagna', subcity: 'Yeka' });
    expect(await search('Megenagna')).not.toContain(draft._id);
  });

  it('treats LIKE wildcards and quotes as plain text, and refuses a search over 60 characters', async () => {
    expect(await search('%')).toHaveLength(8); // nothing to search: no place filter
    // '%' and '_' are not wildcards: '%q_x%' searches 'qx', in no listing.
    expect(await search('%q_x%')).toEqual([]);
    expect(await search("Bole' OR 1=1 --")).toEqual([]);
    const long = await t.request({ method: 'GET', url: `/api/listings?q=${'a'.repeat(61)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ ok: false, error: 'validation_error' });
    expect((await t.request({ method: 'GET', url: `/api/listings?q=${'b'.repeat(60)}` })).statusCode).toBe(200);
  });
});
