import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );
}

describe('security headers on API answers', () => {
  it('are present on success, failure and unknown routes alike; HSTS only in production', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/api/healthz' }),
      await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: 'nope' } }),
      await t.request({ method: 'GET', url: '/api/nowhere' }),
      await t.request({ method: 'GET', url: '/api/%E0%A4%A' }),
    ];
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBeDefined();
      expect(csp.get('script-src')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // demo mode runs on plain http
      expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('auth answers are never cached, success or failure', async () => {
    const s = await signUp(t);
    const answers = [
      await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: s.phone } }),
      await t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: s.phone, code: '000000' } }),
      await t.request({ method: 'GET', url: '/api/auth/me', headers: s.auth }),
      await t.request({ method: 'GET', url: '/api/auth/me' }),
      await t.request({ method: 'POST', url: '/api/auth/logout', headers: s.auth }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('health, readiness and the API document', () => {
  it('/api/healthz and /api/readyz answer ok with the database checked', async () => {
    const health = await t.request({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const ready = await t.request({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: t.database.kind });
  });

  it('/api/docs is an OpenAPI document listing the sign-in calls with their schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/auth/request-otp', 'post'],
      ['/api/auth/verify-otp', 'post'],
      ['/api/auth/signup', 'post'],
      ['/api/auth/me', 'get'],
      ['/api/auth/logout', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const signup = doc.paths['/api/auth/signup'].post;
    const schema = signup.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(['acceptTerms', 'agencyName', 'code', 'email', 'name', 'phone', 'telegramTicket', 'userType']);
    // The code, or Telegram's signup ticket in its place (docs/telegram.md).
    expect(schema.required).toEqual(expect.arrayContaining(['phone', 'name', 'userType', 'acceptTerms']));
    // A call that creates answers 201, and the document says so.
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(signup.responses).not.toHaveProperty('200');
    expect(doc.paths['/api/auth/request-otp'].post.responses).toHaveProperty('429');
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined(); // inherits the bearer requirement
    expect(doc.paths['/api/auth/request-otp'].post.security).toEqual([]);
  });
});
