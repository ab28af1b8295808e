import { describe, expect, it } from 'vitest';
import { signUp } from '../support/login.ts';
import { createTestApp } from '../support/test-app.ts';
import { useTestApp } from '../support/use-test-app.ts';

// The default settings: /api/docs for admins only; unknown paths redirect to / for real.
const t = useTestApp(() => createTestApp({ API_DOCS_PUBLIC: 'false', ADMIN_PHONES: '+251900000001' }));

describe('/api/docs', () => {
  it('is refused to anyone but an admin, in the error envelope', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/docs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    const user = await signUp(t);
    const tenant = await t.request({ method: 'GET', url: '/api/docs', headers: user.auth });
    expect(tenant.statusCode).toBe(403);
    expect(tenant.json()).toMatchObject({ ok: false, error: 'admin_required' });
    expect(tenant.body).not.toContain('/api/admin');
  });

  it('is the whole document for an admin', async () => {
    const admin = await signUp(t, { phone: '+251900000001' });
    const res = await t.request({ method: 'GET', url: '/api/docs', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/admin/moderation/cases');
  });
});

describe('unknown paths', () => {
  it('outside /api: a real HTTP redirect to /, not a page', async () => {
    for (const url of ['/no/such/page?x=1', '/wallets', '/l', '/chat/1/2', '/admin/x']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
      expect(res.body, url).not.toContain('<html');
    }
    expect((await t.request({ method: 'HEAD', url: '/nowhere' })).statusCode).toBe(302);
  });

  it('app routes are not redirected (this test app has no web build: 503 says so)', async () => {
    for (const url of ['/', '/browse', '/browse/', '/l/3f1c2a9e-8b7d-4c6e-9a1f-0d2b3c4e5f60', '/chat/abc', '/admin', '/wallet/return?tx_ref=x']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
    }
  });

  it('under /api: 404 in the error envelope; files and other methods: 404', async () => {
    const api = await t.request({ method: 'GET', url: '/api/nowhere' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ ok: false, error: 'route_not_found' });
    expect((await t.request({ method: 'GET', url: '/nowhere.txt' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/.env' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/nowhere' })).statusCode).toBe(404);
  });
});
