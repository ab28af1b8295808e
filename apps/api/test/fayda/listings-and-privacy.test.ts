import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/config/env.ts';
import { codeFor, downloadExport } from '../account/account-calls.ts';
import { chat } from '../conversations/chat-calls.ts';
import { banUser, createLiveListing, signUpAdmin } from '../support/factories.ts';
import { signUp } from '../support/login.ts';
import { addIdentity, businessKey, createFaydaTestApp, verifyWithFayda, type FaydaTestApp } from '../support/fayda.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

let f: FaydaTestApp;
beforeAll(async () => {
  f = await createFaydaTestApp();
});
afterAll(async () => f?.close());

// The first test of the file also warms the provider and the photo pipeline: slow on a loaded machine.
describe('what tenants see of a verified poster', { timeout: 90_000 }, () => {
  it('the badge on the card and /l/{id}, the verified name, and the Verified posters only filter', async () => {
    const verified = await signUp(f.t, { userType: 'landlord', name: 'Shown Name' });
    const plain = await signUp(f.t, { userType: 'landlord' });
    const mine = await createLiveListing(f.t, verified, { subcity: 'Yeka' });
    const theirs = await createLiveListing(f.t, plain, { subcity: 'Yeka' });
    const browse = async (query: string) =>
      (await f.t.request({ method: 'GET', url: `/api/listings?subcity=Yeka${query}` })).json().listings as Array<{ _id: string; poster_verified?: true }>;

    // Before: no badge, and the filter finds neither.
    expect((await browse('')).find((c) => c._id === mine._id)?.poster_verified).toBeUndefined();
    expect((await browse('&verified=1')).map((c) => c._id)).not.toContain(mine._id);

    const { res } = await verifyWithFayda(f, verified, addIdentity(f.provider, { name: 'Meron Alemu' }));
    expect(res.statusCode, res.body).toBe(200);

    const cards = await browse('');
    expect(cards.find((c) => c._id === mine._id)?.poster_verified).toBe(true);
    expect(cards.find((c) => c._id === theirs._id)).not.toHaveProperty('poster_verified');
    const filtered = (await browse('&verified=1')).map((c) => c._id);
    expect(filtered).toContain(mine._id);
    expect(filtered).not.toContain(theirs._id);

    const page = (await f.t.request({ method: 'GET', url: `/api/listings/${mine._id}` })).json().listing;
    expect(page.posted_by).toMatchObject({ name: 'Meron Alemu', verified: true });
    const other = (await f.t.request({ method: 'GET', url: `/api/listings/${theirs._id}` })).json().listing;
    expect(other.posted_by).not.toHaveProperty('verified');

    const bad = await f.t.request({ method: 'GET', url: '/api/listings?verified=yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the poster line of a chat', () => {
  it('names a verified owner by the verified name, with owner_verified; an unverified one without it', async () => {
    const verified = await signUp(f.t, { userType: 'landlord', name: 'Chat Shown Name' });
    const plain = await signUp(f.t, { userType: 'landlord', name: 'Plain Owner' });
    const mine = await createLiveListing(f.t, verified);
    const theirs = await createLiveListing(f.t, plain);
    expect((await verifyWithFayda(f, verified, addIdentity(f.provider, { name: 'Chat Verified Name' }))).res.statusCode).toBe(200);
    const tenant = await signUp(f.t);
    const calls = chat(f.t);
    await calls.start(tenant, mine._id, 'Is it still available?');
    await calls.start(tenant, theirs._id, 'Is it still available?');
    const inbox = await calls.inbox(tenant);
    const withVerified = inbox.find((c) => c.listing_id?._id === mine._id)!;
    const withPlain = inbox.find((c) => c.listing_id?._id === theirs._id)!;
    expect(withVerified.participants).toMatchObject({ owner_name: 'Chat Verified Name', owner_verified: true });
    expect(withPlain.participants).not.toHaveProperty('owner_verified');
  });
});

describe('export and deletion', () => {
  it('the export says what is kept; deletion removes it', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider, { name: 'Kept Name', phone_number: landlord.phone, birthdate: '1979-09-09' });
    expect((await verifyWithFayda(f, landlord, person)).res.statusCode).toBe(200);
    const { file, raw } = await downloadExport(f.t, landlord);
    expect(file.fayda).toMatchObject({ name: 'Kept Name', phone_match: true });
    expect(file.summary.lines.join('\n')).toContain('keyed one-way hash');
    expect(raw).not.toContain(person.individualId);
    expect(raw).not.toContain('1979-09-09');

    const code = await codeFor(f.t, landlord, '/api/account/delete/request-code');
    expect((await f.t.request({ method: 'POST', url: '/api/account/delete', headers: landlord.auth, payload: { code } })).statusCode).toBe(200);
    const rows = await f.t.database.sql.query<Record<string, unknown>>(
      "SELECT fayda_verified_at, fayda_name, fayda_phone_match, fayda_subject_hash FROM users WHERE phone LIKE 'deleted:%' AND deleted_at IS NOT NULL ORDER BY deleted_at DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ fayda_verified_at: null, fayda_name: null, fayda_phone_match: null, fayda_subject_hash: null });
    // Not banned: the identity may verify a new account.
    const again = await signUp(f.t, { userType: 'landlord' });
    expect((await verifyWithFayda(f, again, person)).res.statusCode).toBe(200);
  });

  it('a banned verified person who deletes the account cannot verify a new one', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider);
    expect((await verifyWithFayda(f, landlord, person)).res.statusCode).toBe(200);
    await banUser(f.t, landlord);
    // A banned user cannot sign in to delete; an admin deletes the account on a written request.
    const admin = await signUpAdmin(f.t);
    const deleted = await f.t.request({
      method: 'POST',
      url: '/api/admin/account-requests/deletions',
      headers: admin.auth,
      payload: { phone: landlord.phone, reason: 'Written request by letter, identity checked at the office' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await f.t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM banned_fayda_subjects');
    expect(kept[0]!.n).toBe(1);
    const comeback = await signUp(f.t, { userType: 'landlord' });
    const { res } = await verifyWithFayda(f, comeback, person);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('fayda_identity_banned');
  });
});

describe('configuration', () => {
  it('without FAYDA_ISSUER the feature is hidden', async () => {
    const { createTestApp } = await import('../support/test-app.ts');
    const t = await createTestApp();
    try {
      const landlord = await signUp(t, { userType: 'landlord' });
      expect((await t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth })).json()).toMatchObject({ enabled: false, verification: null });
      expect((await t.request({ method: 'POST', url: '/api/fayda/start', headers: landlord.auth, payload: {} })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('production refuses a half configuration and a key that is not a private RS256/ES256 JWK', async () => {
    const production = PRODUCTION_ENV;
    expect(() => loadEnv({ ...production, FAYDA_ISSUER: 'https://esignet.fayda.et' })).toThrow(EnvError);
    expect(() => loadEnv({ ...production, FAYDA_ISSUER: 'https://esignet.fayda.et' })).toThrow(/FAYDA_CLIENT_ID: is required/);
    const { privateJwk, publicJwk } = await businessKey('ES256');
    const whole = { FAYDA_ISSUER: 'https://esignet.fayda.et', FAYDA_CLIENT_ID: 'betoch', FAYDA_REDIRECT_URI: 'https://betoch.et/account/fayda' };
    expect(loadEnv({ ...production, ...whole, FAYDA_PRIVATE_KEY: JSON.stringify(privateJwk) }).fayda).toMatchObject({
      clientId: 'betoch',
      acrValues: 'mosip:idp:acr:generated-code',
      claimsLocales: 'en am',
    });
    expect(() => loadEnv({ ...production, ...whole, FAYDA_PRIVATE_KEY: JSON.stringify(publicJwk) })).toThrow(/FAYDA_PRIVATE_KEY: must be a private key/);
    expect(() => loadEnv({ ...production, ...whole, FAYDA_PRIVATE_KEY: '{"kty":"oct","k":"abc","d":"x"}' })).toThrow(/FAYDA_PRIVATE_KEY: must be an RSA key/);
    expect(() => loadEnv({ ...production, ...whole, FAYDA_PRIVATE_KEY: 'not json' })).toThrow(/FAYDA_PRIVATE_KEY: is not JSON/);
    // Demo mode: a half configuration only hides the feature.
    expect(loadEnv({ FAYDA_ISSUER: 'https://esignet.fayda.et' }).fayda).toBeUndefined();
  });
});
