import type { TMyUnlocksAnswer } from '@betoch/contracts/unlocks';
import type { SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

export function unlock(t: TestApp, who: SignedIn, listingId: string) {
  return t.request({ method: 'POST', url: `/api/listings/${listingId}/unlock-contact`, headers: who.auth });
}

export async function myUnlocks(t: TestApp, who: SignedIn): Promise<TMyUnlocksAnswer['unlocks']> {
  const res = await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: who.auth });
  if (res.statusCode !== 200) throw new Error(`my-unlocks failed: ${res.statusCode} ${res.body}`);
  return (res.json() as TMyUnlocksAnswer).unlocks;
}

/** Unlocks the listing and answers the unlock's id (as /my-unlocks answers it). */
export async function unlockId(t: TestApp, who: SignedIn, listingId: string): Promise<string> {
  const res = await unlock(t, who, listingId);
  if (res.statusCode !== 200) throw new Error(`unlock failed: ${res.statusCode} ${res.body}`);
  const row = (await myUnlocks(t, who)).find((u) => u.listing._id === listingId);
  if (!row) throw new Error('unlock missing from my-unlocks');
  return row._id;
}

export function claim(t: TestApp, who: SignedIn, id: string, reason = 'no_answer') {
  return t.request({ method: 'POST', url: `/api/listings/unlocked/${id}/refund-claim`, headers: who.auth, payload: { reason } });
}

export function markRented(t: TestApp, poster: SignedIn, listingId: string) {
  return t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: poster.auth, payload: { visibility: 'draft' } });
}

export function review(t: TestApp, who: SignedIn, id: string, decision: 'approve' | 'reject', note?: string) {
  return t.request({
    method: 'POST',
    url: `/api/admin/payments/refund-claims/${id}/${decision}`,
    headers: who.auth,
    payload: note === undefined ? {} : { note },
  });
}

export function adminClaims(t: TestApp, who: SignedIn, status = 'pending') {
  return t.request({ method: 'GET', url: `/api/admin/payments/refund-claims?status=${status}`, headers: who.auth });
}
