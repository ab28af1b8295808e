import { describe, expect, it } from 'vitest';
import { routesOf } from '../../src/lib/route.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { admin, createTrustTestApp } from './trust-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTrustTestApp);

const ID = '00000000-0000-4000-8000-000000000000';

/** Every admin call, with a body that would pass validation. */
const ADMIN_CALLS: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = [
  { method: 'GET', url: '/api/admin/moderation/cases?status=open&limit=50' },
  { method: 'POST', url: `/api/admin/moderation/cases/${ID}/actions`, payload: { action: 'warn', reason: 'Admin action: warn' } },
  { method: 'GET', url: '/api/admin/moderation/duplicates' },
  { method: 'POST', url: `/api/admin/moderation/duplicates/${ID}/merge`, payload: { primaryListingId: ID } },
  { method: 'POST', url: `/api/admin/moderation/duplicates/${ID}/dismiss` },
  { method: 'POST', url: `/api/admin/moderation/duplicates/${ID}/remove` },
  { method: 'GET', url: '/api/admin/payments/delala' },
  { method: 'POST', url: '/api/admin/payments/delala/+251911000000/unblock', payload: { reason: 'manual review' } },
  { method: 'GET', url: '/api/admin/payments/manual-adjustments?status=pending' },
  {
    method: 'POST',
    url: '/api/admin/payments/manual-adjustments',
    payload: { phone: '+251911000000', amount: 5, type: 'credit', target: 'wallet', reason: 'goodwill' },
  },
  { method: 'POST', url: `/api/admin/payments/manual-adjustments/${ID}/approve`, payload: { notes: 'ok' } },
  { method: 'POST', url: `/api/admin/payments/manual-adjustments/${ID}/reject`, payload: { notes: 'no' } },
  { method: 'GET', url: '/api/admin/fayda/revocations' },
  { method: 'POST', url: '/api/admin/fayda/revocations', payload: { phone: '+251911000000', reason: 'Reported as a fake owner' } },
  { method: 'POST', url: `/api/admin/fayda/revocations/${ID}/approve`, payload: { notes: 'ok' } },
  { method: 'POST', url: `/api/admin/fayda/revocations/${ID}/reject`, payload: { notes: 'no' } },
  { method: 'GET', url: '/api/admin/payments/refund-claims?status=pending' },
  { method: 'POST', url: `/api/admin/payments/refund-claims/${ID}/approve`, payload: { note: 'ok' } },
  { method: 'POST', url: `/api/admin/payments/refund-claims/${ID}/reject`, payload: { note: 'no' } },
  { method: 'GET', url: '/api/admin/payments/purchases?status=pending' },
  { method: 'GET', url: '/api/admin/payments/purchases.csv?status=paid' },
  { method: 'POST', url: `/api/admin/payments/purchases/${ID}/verify` },
  { method: 'GET', url: '/api/admin/metrics/daily' },
  { method: 'GET', url: '/api/admin/metrics/funnels' },
  { method: 'GET', url: '/api/admin/metrics/alerts' },
  { method: 'GET', url: '/api/admin/account-requests' },
  { method: 'POST', url: '/api/admin/account-requests/deletions', payload: { phone: '+251911000000', reason: 'Asked in writing, identity checked' } },
];

describe('admin calls', () => {
  it('are all registered, and every /admin route of the app is one of them', () => {
    const registered = routesOf(t.app)
      .filter((r) => r.url.startsWith('/admin'))
      .map((r) => `${r.method} /api${r.url}`)
      .sort();
    const listed = ADMIN_CALLS.map((c) => `${c.method} ${c.url.split('?')[0]!.replace(ID, '{id}').replace('+251911000000', '{phone}')}`).sort();
    expect(registered).toEqual(listed);
    expect(
      routesOf(t.app)
        .filter((r) => r.url.startsWith('/admin'))
        .every((r) => r.auth === 'admin'),
    ).toBe(true);
  });

  it('answer 401 to anonymous callers and 403 admin_required to every non-admin role, and never change anything', async () => {
    const others: SignedIn[] = [await signUp(t), await signUp(t, { userType: 'landlord' }), await signUp(t, { userType: 'delala' })];
    const before = await t.database.sql.query<{ n: number }>('SELECT (SELECT count(*) FROM manual_adjustments) + (SELECT count(*) FROM admin_audit) AS n');
    for (const c of ADMIN_CALLS) {
      const anonymous = await t.request({ method: c.method, url: c.url, ...(c.payload ? { payload: c.payload } : {}) });
      expect(anonymous.statusCode, `${c.method} ${c.url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ ok: false, error: 'unauthorized' });
      for (const user of others) {
        const res = await t.request({ method: c.method, url: c.url, headers: user.auth, ...(c.payload ? { payload: c.payload } : {}) });
        expect(res.statusCode, `${user.user.userType} ${c.method} ${c.url}`).toBe(403);
        expect(res.json()).toMatchObject({ ok: false, error: 'admin_required' });
        expect(res.json().data).toBeUndefined();
      }
    }
    const after = await t.database.sql.query<{ n: number }>('SELECT (SELECT count(*) FROM manual_adjustments) + (SELECT count(*) FROM admin_audit) AS n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('answer an admin in the { ok, data } envelope (the CSV export as a CSV file), never cached', async () => {
    const a = await admin(t);
    for (const c of ADMIN_CALLS.filter((x) => x.method === 'GET')) {
      const res = await t.request({ method: 'GET', url: c.url, headers: a.auth });
      expect(res.statusCode, c.url).toBe(200);
      if (c.url.includes('.csv')) expect(res.headers['content-type']).toContain('text/csv');
      else expect(res.json()).toMatchObject({ ok: true, data: expect.any(Object) });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a revoked admin loses access at once (the role is read from the account on every call)', async () => {
    const a = await admin(t, 1);
    expect((await t.request({ method: 'GET', url: '/api/admin/metrics/daily', headers: a.auth })).statusCode).toBe(200);
    await t.database.sql.query('UPDATE users SET is_admin = false WHERE phone = $1', [a.phone]);
    const res = await t.request({ method: 'GET', url: '/api/admin/metrics/daily', headers: a.auth });
    expect(res.statusCode).toBe(403);
    await t.database.sql.query('UPDATE users SET is_admin = true WHERE phone = $1', [a.phone]);
  });

  it('are listed in /api/docs with their 401 and 403 answers', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs' })).json();
    for (const path of ['/api/admin/moderation/cases', '/api/admin/payments/manual-adjustments', '/api/admin/metrics/alerts', '/api/reports']) {
      const methods = doc.paths[path];
      expect(methods, path).toBeDefined();
      for (const op of Object.values(methods) as Array<{ responses: Record<string, unknown> }>) {
        // The success status is the call's own (201 where it creates: an adjustment, a report).
        expect(Object.keys(op.responses).filter((status) => status.startsWith('2'))).toHaveLength(1);
        expect(Object.keys(op.responses)).toContain('401');
        if (path.startsWith('/api/admin')) expect(Object.keys(op.responses)).toContain('403');
      }
    }
  });
});
