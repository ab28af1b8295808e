import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaydaFault } from '../../scripts/local-fayda-provider.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { addIdentity, atProvider, createFaydaTestApp, finishFayda, startFayda, verifyWithFayda, type FaydaTestApp } from '../support/fayda.ts';

let f: FaydaTestApp;
beforeAll(async () => {
  f = await createFaydaTestApp();
});
afterAll(async () => f?.close());
afterEach(() => {
  f.provider.fault.token = 'none';
});

/** Nothing was marked verified, and the server still answers. */
async function expectNotVerified(user: SignedIn) {
  const status = await f.t.request({ method: 'GET', url: '/api/fayda', headers: user.auth });
  expect(status.statusCode).toBe(200);
  expect(status.json().verification).toBeNull();
  expect((await f.t.request({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
}

describe('Fayda: every bad input and fault is refused, nothing is marked verified, the server stays up', () => {
  it("a wrong state, or another account's state, is refused", async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const other = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider);
    const back = await atProvider(await startFayda(f.t, landlord), person);
    const forged = await finishFayda(f.t, landlord, { code: back.get('code')!, state: 'not-the-state-we-sent' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('fayda_failed');
    const stolen = await finishFayda(f.t, other, back);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe('fayda_failed');
    await expectNotVerified(landlord);
    await expectNotVerified(other);
  });

  it('a reused authorization code is refused, with its state and with a fresh state', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const second = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider);
    const { back, res } = await verifyWithFayda(f, landlord, person);
    expect(res.statusCode, res.body).toBe(200);
    const again = await finishFayda(f.t, landlord, back);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('fayda_failed');
    // A fresh flow of another account, answered with the used code: the provider refuses it.
    const fresh = new URL(await startFayda(f.t, second)).searchParams.get('state')!;
    const replay = await finishFayda(f.t, second, { code: back.get('code')!, state: fresh });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('fayda_failed');
    await expectNotVerified(second);
  });

  const tokenFaults: Array<[FaydaFault, string]> = [
    ['other_key', 'an ID token signed by another key'],
    ['wrong_aud', 'a wrong aud'],
    ['wrong_iss', 'a wrong iss'],
    ['expired', 'an expired ID token'],
    ['future', 'a future-dated ID token'],
    ['no_nonce', 'a missing nonce'],
    ['wrong_nonce', 'a mismatched nonce'],
    ['alg_none', 'the alg: none attack'],
  ];
  for (const [fault, what] of tokenFaults) {
    it(`${what} is refused`, async () => {
      const landlord = await signUp(f.t, { userType: 'landlord' });
      const person = addIdentity(f.provider);
      f.provider.fault.token = fault;
      const { res } = await verifyWithFayda(f, landlord, person);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'fayda_failed' });
      await expectNotVerified(landlord);
    });
  }

  it('a provider that times out or answers 5xx: 503 fayda_unavailable', async () => {
    for (const fault of ['slow', '5xx'] as const) {
      const landlord = await signUp(f.t, { userType: 'landlord' });
      const person = addIdentity(f.provider);
      f.provider.fault.token = fault;
      const { res } = await verifyWithFayda(f, landlord, person);
      expect(res.statusCode, `${fault}: ${res.body}`).toBe(503);
      expect(res.json().error).toBe('fayda_unavailable');
      await expectNotVerified(landlord);
    }
  });

  it('keys rotated mid-flow: the new key is read from the provider and the verification goes through', async () => {
    // A first verification caches the provider's key set.
    const first = await signUp(f.t, { userType: 'landlord' });
    expect((await verifyWithFayda(f, first, addIdentity(f.provider))).res.statusCode).toBe(200);
    const landlord = await signUp(f.t, { userType: 'landlord' });
    f.provider.fault.token = 'rotated';
    const { res } = await verifyWithFayda(f, landlord, addIdentity(f.provider, { name: 'Rotated Key' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verification.name).toBe('Rotated Key');
  });

  it('a user who cancels at the provider: fayda_cancelled', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const { back, res } = await verifyWithFayda(f, landlord, 'cancel');
    expect(back.get('error')).toBe('access_denied');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('fayda_cancelled');
    await expectNotVerified(landlord);
  });

  it('one identity, one account: the second is refused and the first is named to admins', async () => {
    const first = await signUp(f.t, { userType: 'landlord' });
    const second = await signUp(f.t, { userType: 'delala' });
    const person = addIdentity(f.provider);
    expect((await verifyWithFayda(f, first, person)).res.statusCode).toBe(200);
    const { res } = await verifyWithFayda(f, second, person);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('fayda_identity_in_use');
    // The message never names the other account to the person asking.
    expect(res.body).not.toContain(first.phone);
    await expectNotVerified(second);
    const audit = await f.t.database.sql.query<{ second: string; first: string }>(
      `SELECT t.phone AS second, s.phone AS first FROM admin_audit a
         JOIN users t ON t.id::text = a.target_id JOIN users s ON s.id = a.subject_user_id
        WHERE a.action = 'fayda_identity_reused' AND t.phone = $1`,
      [second.phone],
    );
    expect(audit).toEqual([{ second: second.phone, first: first.phone }]);
  });

  it('a banned verified identity cannot come back on a new account (new phone)', async () => {
    const banned = await signUp(f.t, { userType: 'landlord' });
    const person = addIdentity(f.provider);
    expect((await verifyWithFayda(f, banned, person)).res.statusCode).toBe(200);
    await f.t.database.sql.query("UPDATE users SET status = 'banned' WHERE phone = $1", [banned.phone]);
    const comeback = await signUp(f.t, { userType: 'landlord' });
    const { res } = await verifyWithFayda(f, comeback, person);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('fayda_identity_banned');
    await expectNotVerified(comeback);
  });
});
