import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDuplicateCluster } from '@betoch/contracts/admin';
import {
  DUPLICATE_RULES,
  descriptionSimilarity,
  informativeHash,
  jaccard,
  matchedPhotoCount,
  scorePair,
  shingles,
  words,
} from '../../src/modules/duplicates/similarity.ts';
import { publishListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { grantPostCredits } from '../support/wallet.ts';
import { admin, browseIds, call, clusters, createTrustTestApp, description, expectStatus, photo, publishWithPhotos, reencoded } from './trust-calls.ts';

describe('similarity (pure)', () => {
  it('words and shingles: any script, case and punctuation ignored', () => {
    expect(words('Bright, 2-bedroom flat — ቦሌ አትላስ!')).toEqual(['bright', '2', 'bedroom', 'flat', 'ቦሌ', 'አትላስ']);
    expect([...shingles(['a', 'b', 'c', 'd'])]).toEqual(['a b c', 'b c d']);
    expect([...shingles(['a', 'b'])]).toEqual(['a b']);
    expect(shingles([]).size).toBe(0);
  });

  it('jaccard: 1 for the same set, 0 for disjoint ones, in between otherwise', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['a', 'b']))).toBe(1);
    expect(jaccard(new Set(['a']), new Set(['b']))).toBe(0);
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('a copied description with a word changed is near-identical; a different one is not', () => {
    const text = description(1);
    expect(descriptionSimilarity(text, text).similarity).toBe(1);
    expect(descriptionSimilarity(text, text.toUpperCase().replace(/,/g, ';')).similarity).toBe(1);
    const changed = descriptionSimilarity(text, text.replace(/number \d+\.$/, 'number 1.'));
    expect(changed.similarity).toBeGreaterThan(0.9);
    expect(descriptionSimilarity(text, description(2)).similarity).toBeLessThan(0.3);
  });

  it('only hashes with detail are compared; near hashes match, far ones do not', () => {
    expect(informativeHash('0000000000000000')).toBe(false);
    expect(informativeHash('ffffffffffffffff')).toBe(false);
    expect(informativeHash('0060e0e0e0e06000')).toBe(false); // a square on a plain ground
    expect(informativeHash('733b6b197deb6bd5')).toBe(true);
    expect(informativeHash('not a hash')).toBe(false);
    expect(matchedPhotoCount(['733b6b197deb6bd5'], ['733b6b197deb6bd4'])).toBe(1); // 1 bit apart
    expect(matchedPhotoCount(['733b6b197deb6bd5'], ['8cc494e682149429'])).toBe(0); // every bit flipped
    expect(matchedPhotoCount(['0060e0e0e0e06000'], ['0060e0e0e0e06000'])).toBe(0);
    expect(matchedPhotoCount(['733b6b197deb6bd5', '254c4b2b61f53376'], ['254c4b2b61f53377', '733b6b197deb6bd5'])).toBe(2);
  });

  it('scores: photos, near-identical text and same-poster details each reach the threshold; weaker text alone does not', () => {
    const none = { matchedPhotos: 0, descriptionSimilarity: 0, descriptionWords: 30, samePosterDetails: false };
    expect(scorePair(none)).toEqual({ score: 0, reasons: [] });
    expect(scorePair({ ...none, matchedPhotos: 1 })).toEqual({ score: 50, reasons: ['same_photos'] });
    expect(scorePair({ ...none, matchedPhotos: 5 }).score).toBe(70);
    expect(scorePair({ ...none, descriptionSimilarity: 0.95 })).toEqual({ score: 52, reasons: ['similar_description'] });
    expect(scorePair({ ...none, descriptionSimilarity: 0.7 }).score).toBeLessThan(DUPLICATE_RULES.threshold);
    expect(scorePair({ ...none, descriptionSimilarity: 1, descriptionWords: 5 }).score).toBe(0); // too short to judge
    expect(scorePair({ ...none, samePosterDetails: true })).toEqual({ score: 50, reasons: ['same_poster_details'] });
    expect(scorePair({ matchedPhotos: 3, descriptionSimilarity: 1, descriptionWords: 30, samePosterDetails: false })).toEqual({
      score: 100,
      reasons: ['same_photos', 'similar_description'],
    });
  });
});

describe('duplicate detection at publish', () => {
  let t: TestApp;
  let moderator: SignedIn;
  let seed = 1000;
  const nextSeed = () => (seed += 1);
  beforeAll(async () => {
    t = await createTrustTestApp();
    moderator = await admin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function clusterHolding(listingId: string): Promise<TDuplicateCluster | undefined> {
    return (await clusters(t, moderator)).find((c) => c.memberIds.includes(listingId));
  }

  /** A landlord's listing with its own pictures and words. */
  async function original(overrides: Record<string, unknown> = {}) {
    const owner = await signUp(t, { userType: 'landlord' });
    const images = [await photo(nextSeed()), await photo(nextSeed()), await photo(nextSeed())];
    const text = description(nextSeed());
    const id = await publishWithPhotos(t, owner, images, { description: text, subcity: 'Arada', ...overrides });
    return { owner, images, text, id };
  }

  it('catches a listing copied by another account: same image bytes and the same text', async () => {
    const first = await original();
    const copier = await signUp(t, { userType: 'landlord' });
    const copy = await publishWithPhotos(t, copier, first.images, { description: first.text, subcity: 'Arada', price_etb: 9_000 });

    const cluster = await clusterHolding(copy);
    expect(cluster?.memberIds.sort()).toEqual([first.id, copy].sort());
    expect(cluster?.signals.matches).toEqual([
      { listingIds: [first.id, copy].sort(), score: 100, reasons: ['same_photos', 'similar_description'], matchedPhotos: 3, descriptionSimilarity: 1 },
    ]);
    expect(cluster?.members.find((m) => m._id === copy)).toMatchObject({ poster_phone: copier.phone, price_etb: 9_000, admin_hidden: false });
    expect(cluster?.members[0]?.photo_url).toMatch(/^\/|^http/);
    // Both stay up until an admin decides.
    expect(await browseIds(t)).toEqual(expect.arrayContaining([first.id, copy]));
  });

  it('catches a re-saved, resized copy of the photos with a reworded description in another subcity', async () => {
    const first = await original();
    const copier = await signUp(t, { userType: 'landlord' });
    const resaved = await Promise.all(first.images.map(reencoded));
    expect(resaved[0]!.equals(first.images[0]!)).toBe(false);
    const copy = await publishWithPhotos(t, copier, resaved.slice(0, 2), { description: description(nextSeed()), subcity: 'Yeka' });
    const match = (await clusterHolding(copy))?.signals.matches.find((m) => m.listingIds.includes(first.id));
    expect(match).toMatchObject({ score: 60, reasons: ['same_photos'], matchedPhotos: 2 });
  });

  it('catches the same words with other photos in the same subcity, and the same poster with the same details', async () => {
    const first = await original();
    const other = await signUp(t, { userType: 'landlord' });
    const copy = await publishWithPhotos(t, other, [await photo(nextSeed())], { description: `${first.text} Call now`, subcity: 'Arada' });
    expect((await clusterHolding(copy))?.signals.matches[0]).toMatchObject({ reasons: ['similar_description'] });

    const broker = await signUp(t, { userType: 'delala' });
    await grantPostCredits(t, broker, 2);
    const details = { subcity: 'Bole', type: 'apartment', bedrooms: 2, price_etb: 18_500 };
    const a = await publishWithPhotos(t, broker, [await photo(nextSeed())], { ...details, description: description(nextSeed()) });
    const b = await publishWithPhotos(t, broker, [await photo(nextSeed())], { ...details, description: description(nextSeed()) });
    expect((await clusterHolding(b))?.signals.matches).toEqual([
      expect.objectContaining({ listingIds: [a, b].sort(), reasons: ['same_poster_details'], score: 50 }),
    ]);
  });

  it('leaves different homes alone: other photos, other words, other details', async () => {
    const a = await original();
    const b = await original({ price_etb: 31_000 });
    expect(await clusterHolding(a.id)).toBeUndefined();
    expect(await clusterHolding(b.id)).toBeUndefined();
  });

  it('a third copy joins the open cluster instead of opening another', async () => {
    const first = await original();
    const copies: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      copies.push(await publishWithPhotos(t, await signUp(t, { userType: 'landlord' }), first.images, { description: first.text, subcity: 'Arada' }));
    }
    const all = (await clusters(t, moderator)).filter((c) => c.memberIds.includes(first.id));
    expect(all).toHaveLength(1);
    expect(all[0]!.memberIds.sort()).toEqual([first.id, ...copies].sort());
    expect(all[0]!.signals.matches).toHaveLength(3);
  });

  it('merge keeps the chosen primary and hides the rest; a primary outside the cluster is refused; a decided cluster is 409', async () => {
    const first = await original();
    const copy = await publishWithPhotos(t, await signUp(t, { userType: 'landlord' }), first.images, { description: first.text, subcity: 'Arada' });
    const cluster = (await clusterHolding(copy))!;
    const url = `/api/admin/moderation/duplicates/${cluster._id}/merge`;
    expectStatus(await call(t, moderator, 'POST', url, {}), 400, 'validation_error');
    const outside = await call(t, moderator, 'POST', url, { primaryListingId: (await original()).id });
    expectStatus(outside, 400, 'validation_error');
    expect(outside.json().fields.primaryListingId).toBe('The primary listing must be one of the cluster.');

    const merged = await call(t, moderator, 'POST', url, { primaryListingId: first.id });
    expectStatus(merged, 200);
    expect(merged.json().data.cluster).toMatchObject({ _id: cluster._id, status: 'merged' });
    const browse = await browseIds(t);
    expect(browse).toContain(first.id);
    expect(browse).not.toContain(copy);
    expect(await clusterHolding(copy)).toBeUndefined();
    expect((await clusters(t, moderator, 'merged')).map((c) => c._id)).toContain(cluster._id);

    expectStatus(await call(t, moderator, 'POST', url, { primaryListingId: first.id }), 409, 'cluster_not_open');
    expectStatus(await call(t, moderator, 'POST', `/api/admin/moderation/duplicates/${cluster._id}/remove`), 409, 'cluster_not_open');
    const audit = await t.database.sql.query<{ action: string; after: { hidden: string[] } }>('SELECT action, after FROM admin_audit WHERE target_id = $1', [
      cluster._id,
    ]);
    expect(audit).toEqual([{ action: 'duplicates_merged', after: { status: 'merged', primary_listing_id: first.id, hidden: [copy] } }]);
  });

  it('dismiss records the pairs as not duplicates: publishing them again never flags them again', async () => {
    const first = await original();
    const poster = await signUp(t, { userType: 'landlord' });
    const twin = await publishWithPhotos(t, poster, first.images, { description: first.text, subcity: 'Arada' });
    const cluster = (await clusterHolding(twin))!;
    const res = await call(t, moderator, 'POST', `/api/admin/moderation/duplicates/${cluster._id}/dismiss`);
    expectStatus(res, 200);
    expect(res.json().data.cluster.status).toBe('dismissed');
    expect(await browseIds(t)).toEqual(expect.arrayContaining([first.id, twin]));

    // Mark as rented, publish again: checked again, not flagged again.
    await t.request({ method: 'PATCH', url: `/api/listings/${twin}`, headers: poster.auth, payload: { visibility: 'draft' } });
    expectStatus(await publishListing(t, poster, twin), 200);
    expect(await clusterHolding(twin)).toBeUndefined();
    // A new copy of the same listing is a new pair, and is flagged.
    const third = await publishWithPhotos(t, await signUp(t, { userType: 'landlord' }), first.images, { description: first.text, subcity: 'Arada' });
    expect((await clusterHolding(third))?.memberIds.sort()).toEqual([first.id, twin, third].sort());
  });

  it('remove hides every member', async () => {
    const first = await original();
    const copy = await publishWithPhotos(t, await signUp(t, { userType: 'landlord' }), first.images, { description: first.text, subcity: 'Arada' });
    const cluster = (await clusterHolding(copy))!;
    expectStatus(await call(t, moderator, 'POST', `/api/admin/moderation/duplicates/${cluster._id}/remove`), 200);
    const browse = await browseIds(t);
    expect(browse).not.toContain(first.id);
    expect(browse).not.toContain(copy);
    const [row] = await t.database.sql.query<{ hidden_reason: string }>('SELECT hidden_reason FROM listings WHERE id = $1', [first.id]);
    expect(row?.hidden_reason).toBe('duplicate');
  });

  it('two copies published at the same moment still find each other', async () => {
    const images = [await photo(nextSeed()), await photo(nextSeed())];
    const text = description(nextSeed());
    const [a, b] = await Promise.all([
      signUp(t, { userType: 'landlord' }).then((u) => publishWithPhotos(t, u, images, { description: text, subcity: 'Gullele' })),
      signUp(t, { userType: 'landlord' }).then((u) => publishWithPhotos(t, u, images, { description: text, subcity: 'Gullele' })),
    ]);
    expect((await clusterHolding(a!))?.memberIds.sort()).toEqual([a, b].sort());
  });

  it('unknown clusters are 404', async () => {
    expectStatus(await call(t, moderator, 'POST', '/api/admin/moderation/duplicates/00000000-0000-4000-8000-000000000000/dismiss'), 404, 'not_found');
    expectStatus(await call(t, moderator, 'POST', '/api/admin/moderation/duplicates/zzz/remove'), 404, 'not_found');
  });
});
