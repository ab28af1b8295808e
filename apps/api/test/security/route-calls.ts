import type { LightMyRequestResponse } from 'fastify';
import { routesOf, type RegisteredRoute } from '../../src/lib/route.ts';
import { listingPayload, multipart, testImage } from '../support/factories.ts';
import { uniquePhone, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';

/** 'GET /listings/{id}': how the tables of these tests name a route. */
export function routeKey(r: Pick<RegisteredRoute, 'method' | 'url'>): string {
  return `${r.method} ${r.url}`;
}

export function allRoutes(t: TestApp): RegisteredRoute[] {
  return routesOf(t.app);
}

/** The objects a call is about: path parameters and the ids a body names. */
export interface Targets {
  listing: string;
  conversation: string;
  case: string;
  cluster: string;
  adjustment: string;
  phone: string;
  /** A contact unlock (refund claims); the listing id when absent (then nobody's unlock: 404). */
  unlock?: string;
  /** A refund claim (the admin's review); the adjustment id (unknown) when absent. */
  refund?: string;
  /** The token of a 'still available?' SMS link or an export's download; an unknown one when absent (410). */
  token?: string;
  /** The phone of an account an admin may delete; a phone with no account when absent (404). */
  deletable?: string;
}

/** The path of a route with its parameters filled in from the targets (by the route's family). */
export function pathOf(url: string, targets: Targets): string {
  const id = url.startsWith('/conversations/')
    ? targets.conversation
    : url.startsWith('/admin/moderation/cases/')
      ? targets.case
      : url.startsWith('/admin/moderation/duplicates/')
        ? targets.cluster
        : url.startsWith('/admin/payments/manual-adjustments/')
          ? targets.adjustment
          : url.startsWith('/admin/payments/refund-claims/')
            ? (targets.refund ?? targets.adjustment)
            : url.startsWith('/listings/unlocked/')
              ? (targets.unlock ?? targets.listing)
              : targets.listing;
  const token = targets.token ?? 'unknown-token-'.padEnd(32, '0');
  return `/api${url.replace('{id}', encodeURIComponent(id)).replace('{phone}', encodeURIComponent(targets.phone)).replace('{token}', encodeURIComponent(token))}`;
}

/** A valid body for each route that takes one (what the web app would send). */
export function sampleBody(key: string, targets: Targets): Record<string, unknown> | undefined {
  switch (key) {
    case 'POST /auth/request-otp':
      return { phone: uniquePhone() };
    case 'POST /auth/verify-otp':
      return { phone: targets.phone, code: '000000' };
    case 'POST /demo/otp-cooldown/end':
      return { phone: targets.phone };
    case 'POST /auth/signup':
      return { phone: uniquePhone(), code: '000000', name: 'Someone', userType: 'tenant', acceptTerms: true };
    case 'POST /purchase':
      return { sku: 'CREDIT_SINGLE' };
    case 'POST /purchase/verify':
      return { tx_ref: `bt_${'0'.repeat(32)}` };
    case 'POST /reports':
      return { targetType: 'listing', targetId: targets.listing, reason: 'fake' };
    case 'POST /admin/moderation/cases/{id}/actions':
      return { action: 'warn', reason: 'Admin action: warn' };
    case 'POST /admin/moderation/duplicates/{id}/merge':
      return { primaryListingId: targets.listing };
    case 'POST /admin/payments/delala/{phone}/unblock':
      return { reason: 'Checked by phone' };
    case 'POST /admin/payments/manual-adjustments':
      return { phone: targets.phone, amount: 1, type: 'credit', target: 'wallet', reason: 'Refund for a failed payment' };
    case 'POST /admin/payments/manual-adjustments/{id}/approve':
    case 'POST /admin/payments/manual-adjustments/{id}/reject':
      return { notes: 'checked' };
    case 'POST /listings/unlocked/{id}/refund-claim':
      return { reason: 'no_answer' };
    case 'POST /admin/payments/refund-claims/{id}/approve':
    case 'POST /admin/payments/refund-claims/{id}/reject':
      return { note: 'Checked by phone' };
    case 'POST /listings':
      return listingPayload();
    case 'PATCH /listings/{id}':
      return { title: 'Changed by this caller' };
    case 'POST /listings/batch-unlock-status':
      return { listing_ids: [targets.listing] };
    case 'POST /conversations':
      return { listing_id: targets.listing, initial_message: 'Is it still available?' };
    case 'POST /conversations/{id}/reply':
      return { body: 'Thank you' };
    case 'POST /saved-searches':
      return { name: 'Apartments in Bole', filters: { type: 'apartment', subcity: 'Bole' } };
    case 'PATCH /saved-searches/{id}':
      return { alerts: false };
    case 'POST /listings/{id}/confirm':
    case 'POST /confirm-links/{token}':
      return { answer: 'available' };
    case 'PATCH /account':
      return { name: 'Renamed by this caller', agencyName: 'Caller Agency' };
    case 'POST /account/phone/request-code':
      return { phone: uniquePhone() };
    case 'POST /account/phone':
      return { phone: uniquePhone(), code: '000000' };
    case 'POST /account/delete':
      return { code: '000000' };
    case 'POST /admin/account-requests/deletions':
      return { phone: targets.deletable ?? uniquePhone(), reason: 'Asked in writing, identity checked' };
    case 'POST /fayda/start':
      return { lng: 'en' };
    case 'POST /admin/fayda/revocations':
      return { phone: targets.phone, reason: 'Reported as a fake owner' };
    case 'POST /admin/fayda/revocations/{id}/approve':
    case 'POST /admin/fayda/revocations/{id}/reject':
      return { notes: 'checked' };
    case 'POST /sms/inbound':
      return { from: targets.phone, text: 'STOP' };
    default:
      return undefined;
  }
}

/** Calls a route as `who` (null: anonymous) with its sample body, or a small photo for /uploads. */
export async function callRoute(
  t: TestApp,
  route: RegisteredRoute,
  who: SignedIn | null,
  targets: Targets,
  options: { query?: string; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const key = routeKey(route);
  const url = pathOf(route.url, targets) + (options.query ?? '');
  const headers: Record<string, string> = who ? { ...who.auth } : {};
  if (key === 'POST /uploads') {
    const form = multipart(await testImage());
    return t.request({ method: 'POST', url, payload: form.payload, headers: { ...headers, ...form.headers } });
  }
  const body = options.body ?? sampleBody(key, targets);
  return t.request({ method: route.method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
}

/** 'GET /listings/{id}' -> 2xx, 401, ... */
export function outcomeClass(status: number): string {
  return status >= 200 && status < 300 ? '2xx' : String(status);
}
