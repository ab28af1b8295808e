import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/login.ts';
import { addIdentity, createFaydaTestApp, FAYDA_CLIENT_ID, verifyWithFayda, type FaydaTestApp } from '../support/fayda.ts';

let f: FaydaTestApp;
beforeAll(async () => {
  f = await createFaydaTestApp();
});
afterAll(async () => f?.close());

describe('Verify with Fayda against a local eSignet-like provider', () => {
  it('publishes the business public key, and never its private part', async () => {
    const res = await f.t.request({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: 'betoch-RS256' });
    for (const field of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(field);
  });

  it('asks the provider as eSignet expects: code, PKCE S256, state, nonce, acr_values, claims, claims_locales', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const res = await f.t.request({ method: 'POST', url: '/api/fayda/start', headers: landlord.auth, payload: { lng: 'am' } });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.origin + url.pathname).toBe(`${f.provider.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(FAYDA_CLIENT_ID);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{32}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(q.get('acr_values')).toBe('mosip:idp:acr:generated-code');
    expect(q.get('claims_locales')).toBe('en am');
    expect(q.get('ui_locales')).toBe('am');
    // Only the name and the phone are asked for: never the birthdate, the photo or the address.
    expect(Object.keys(JSON.parse(q.get('claims')!).userinfo)).toEqual(['name', 'phone_number']);
  });

  it('a landlord verifies: the verified name, the date and the phone match are kept, and nothing else', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider, { name: 'Almaz Tesfaye', phone_number: landlord.phone, birthdate: '1985-03-04' });
    const { res } = await verifyWithFayda(f, landlord, person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verification).toMatchObject({ name: 'Almaz Tesfaye', phone_match: true });

    const status = await f.t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth });
    expect(status.json()).toMatchObject({ enabled: true, eligible: true, verification: { name: 'Almaz Tesfaye', phone_match: true } });

    const rows = await f.t.database.sql.query<Record<string, unknown>>(
      'SELECT fayda_verified_at, fayda_name, fayda_phone_match, fayda_subject_hash FROM users WHERE phone = $1',
      [landlord.phone],
    );
    expect(rows[0]!.fayda_name).toBe('Almaz Tesfaye');
    expect(rows[0]!.fayda_phone_match).toBe(true);
    // A keyed hash of the subject, not the subject; the ID number and birthdate are nowhere.
    expect(rows[0]!.fayda_subject_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.fayda_subject_hash).not.toContain(person.sub);
    const everything = JSON.stringify(await f.t.database.sql.query('SELECT * FROM users WHERE phone = $1', [landlord.phone]));
    expect(everything).not.toContain(person.individualId);
    expect(everything).not.toContain('1985-03-04');
    expect(everything).not.toContain(person.sub);
  });

  it('a broker with ES256 keys verifies too; a Fayda phone that differs is kept as no match', async () => {
    const es = await createFaydaTestApp({ alg: 'ES256' });
    try {
      const broker = await signUp(es.t, { userType: 'delala' });
      const person = addIdentity(es.provider, { name: 'Dawit Bekele', phone_number: '+251944556677' });
      const { res } = await verifyWithFayda(es, broker, person);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().verification).toMatchObject({ name: 'Dawit Bekele', phone_match: false });
    } finally {
      await es.close();
    }
  });

  it('tenants are not offered it', async () => {
    const tenant = await signUp(f.t, { userType: 'tenant' });
    const status = await f.t.request({ method: 'GET', url: '/api/fayda', headers: tenant.auth });
    expect(status.json()).toMatchObject({ enabled: true, eligible: false, verification: null });
    const res = await f.t.request({ method: 'POST', url: '/api/fayda/start', headers: tenant.auth, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('wrong_role');
  });
});
