import { expect } from 'vitest';
import type { TAccountExportFile } from '@betoch/contracts/account';
import type { SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';

/** Asks for an export, waits for it to be built, opens the single-use link: the file as downloaded. */
export async function downloadExport(t: TestApp, who: SignedIn): Promise<{ raw: string; file: TAccountExportFile; url: string }> {
  const asked = await t.request({ method: 'POST', url: '/api/account/export', headers: who.auth });
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json().export.status).toBe('requested');
  await t.account.settle();
  const state = await t.request({ method: 'GET', url: '/api/account/export', headers: who.auth });
  expect(state.json().export.status, state.body).toBe('ready');
  const link = await t.request({ method: 'POST', url: '/api/account/export/link', headers: who.auth });
  expect(link.statusCode, link.body).toBe(200);
  const url = link.json().url as string;
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toContain('attachment');
  expect(res.headers['cache-control']).toBe('no-store');
  return { raw: res.body, file: JSON.parse(res.body) as TAccountExportFile, url };
}

/** Requests a code to the phone (demo mode shows it) for an account change. */
export async function codeFor(t: TestApp, who: SignedIn, url: string, payload?: Record<string, unknown>): Promise<string> {
  await t.kv.delete(`otp:cool:account:${(payload?.phone as string | undefined) ?? who.phone}`);
  await t.kv.delete('otp:ip:127.0.0.1');
  const res = await t.request({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}
