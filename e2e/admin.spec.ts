import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';
import { adminSession } from './support/admin-session';
import { acceptNextDialog } from './support/dialogs';
import { tr } from './support/i18n';
import { toE164 } from './support/phones';

/**
 * Trust and safety from the admin's side: three tenants report a
 * listing, it leaves /browse at once, an admin sees the case with its automatic hide and restores
 * it; an adjustment logged by one admin is approved by another and lands in the tenant's wallet;
 * a non-admin is turned away from /admin.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const ADMIN_1 = '+251911000001';
const ADMIN_2 = '+251911000002';

function bearer(session: ApiSession) {
  return { authorization: `Bearer ${session.token}` };
}

/** A landlord publishes a listing of their own (3 photos), so the journey hides nobody else's. */
async function publishListing(request: APIRequestContext, title: string): Promise<string> {
  const landlord = await apiSignUp(request, { role: 'landlord', name: 'E2E Landlord' });
  const created = await request.post('/api/listings', {
    headers: bearer(landlord),
    data: {
      title,
      description: `${title}: bright rooms, a balcony over the garden, water tank and a guard at the gate.`,
      type: 'apartment',
      price_etb: 17000 + Math.floor(Math.random() * 900),
      bedrooms: 2,
      bathrooms: 1,
      area_sqm: 85,
      specific_location: 'Near Megenagna',
      subcity: 'Yeka',
      contact_preference: 'show',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { listing } = (await created.json()) as { listing: { _id: string } };
  const keys: string[] = [];
  for (const file of ['room-1.jpg', 'room-2.jpg', 'room-3.jpg']) {
    const up = await request.post('/api/uploads', {
      headers: bearer(landlord),
      multipart: { file: { name: file, mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(FIXTURES, file)) } },
    });
    expect(up.ok(), await up.text()).toBe(true);
    keys.push(((await up.json()) as { key: string }).key);
  }
  const patched = await request.patch(`/api/listings/${listing._id}`, { headers: bearer(landlord), data: { photos: keys } });
  expect(patched.ok(), await patched.text()).toBe(true);
  const published = await request.post(`/api/listings/${listing._id}/publish`, { headers: bearer(landlord) });
  expect(published.ok(), await published.text()).toBe(true);
  return listing._id;
}

/** The card of a listing on /browse, found by its title. */
function browseCard(page: Page, title: string) {
  return page.getByRole('article').filter({ hasText: title });
}

test('three reports hide a listing at once; an admin sees the automatic hide and restores it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const title = `E2E flat ${Date.now().toString(36)}`;
  const listingId = await publishListing(request, title);

  await startInLanguage(page, 'en');
  await page.goto('/browse');
  await expect(browseCard(page, title)).toBeVisible();

  for (const reason of ['fake', 'scam', 'wrong_price']) {
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const res = await request.post('/api/reports', {
      headers: bearer(tenant),
      data: { targetType: 'listing', targetId: listingId, reason, details: 'The photos are from another site' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await page.goto('/browse');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(browseCard(page, title)).toHaveCount(0);

  const admin = await adminSession(request, ADMIN_1);
  await storeSession(page, admin, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Control Center' })).toBeVisible();
  const card = page.getByRole('article', { name: `Listing #${listingId.slice(-6)}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('3 reports · Fake ×1, Scam ×1, Wrong price ×1')).toBeVisible();
  await expect(card.getByText('Hidden automatically')).toBeVisible();
  await expect(card.getByText(/3 different people reported it/)).toBeVisible();
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/l/${listingId}`);
  await expect(card.getByText(/^\d+\/100$/)).toBeVisible();

  await card.getByLabel(/Moderator notes/).fill('Photos checked: they are the owner’s own');
  await card.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Restore done on #${listingId.slice(-6)}. The list was reloaded.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The closed case keeps what was done and why.
  await page.getByRole('button', { name: 'Closed Cases' }).click();
  const closed = page.getByRole('article', { name: `Listing #${listingId.slice(-6)}` });
  await expect(closed.getByText('Restored — Photos checked: they are the owner’s own')).toBeVisible();

  await page.goto('/browse');
  await expect(browseCard(page, title)).toBeVisible();
});

test('an adjustment logged by one admin is approved by another and reaches the tenant’s wallet (Amharic)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const lang = 'am' as const;
  const tenant = await apiSignUp(request, { role: 'tenant', name: 'E2E Credit Tenant' });
  const e164 = toE164(tenant.phone);
  const reason = `Refund ${Date.now().toString(36)}`;

  const first = await adminSession(request, ADMIN_1);
  await startInLanguage(page, lang);
  await storeSession(page, first, '/admin?tab=payments');
  const form = page.locator('section').filter({ has: page.getByRole('heading', { name: tr(lang, 'admin:adjust.title') }) });
  await form.getByRole('button', { name: tr(lang, 'admin:adjust.submit') }).click();
  await expect(form.getByText(tr(lang, 'admin:adjust.errors.phoneRequired'))).toBeVisible();
  await expect(form.getByText(tr(lang, 'admin:adjust.errors.amountMin'))).toBeVisible();
  await expect(form.getByText(tr(lang, 'admin:adjust.errors.reasonRequired'))).toBeVisible();

  await form.getByLabel(tr(lang, 'admin:adjust.phone')).fill(tenant.phone);
  await form.getByLabel(tr(lang, 'admin:adjust.amount')).fill('3');
  await form.getByLabel(tr(lang, 'admin:adjust.reason'), { exact: true }).fill(reason);
  const logged = acceptNextDialog(page);
  await form.getByRole('button', { name: tr(lang, 'admin:adjust.submit') }).click();
  expect((await logged).message).toBe(tr(lang, 'admin:adjust.success'));

  const heading = `+${tr(lang, 'admin:payments.amountUnit.wallet', { count: 3 })} · ${e164}`;
  const mine = page.getByRole('article').filter({ hasText: reason });
  await expect(mine.getByRole('heading', { name: heading })).toBeVisible();
  await expect(mine.getByText(tr(lang, 'admin:payments.yours'))).toBeVisible();
  await expect(mine.getByRole('button', { name: tr(lang, 'admin:payments.approve') })).toBeDisabled();

  const second = await adminSession(request, ADMIN_2);
  await storeSession(page, second, '/admin?tab=payments');
  const theirs = page.getByRole('article').filter({ hasText: reason });
  await expect(theirs.getByText(tr(lang, 'admin:payments.yours'))).toHaveCount(0);
  page.once('dialog', (prompt) => {
    expect(prompt.type()).toBe('prompt');
    void prompt.accept('Receipt checked');
  });
  await theirs.getByRole('button', { name: tr(lang, 'admin:payments.approve') }).click();
  await expect(page.getByText(tr(lang, 'admin:payments.approved', { phone: e164 }))).toBeVisible();
  await expect(theirs).toHaveCount(0);

  await storeSession(page, tenant, '/wallet');
  await expect(page.getByTestId('credits-balance')).toHaveText('3');
});

test('someone who is not an admin is told so at /admin and taken home', async ({ page, request }) => {
  const tenant = await apiSignUp(request, { role: 'tenant' });
  await startInLanguage(page, 'en');
  await storeSession(page, tenant, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to home' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  // The fallback takes them home; home sends a signed-in tenant on to /browse.
  await expect(page).toHaveURL(/\/browse$/, { timeout: 15_000 });
  const refused = await request.get('/api/admin/moderation/cases', { headers: bearer(tenant) });
  expect(refused.status()).toBe(403);
});
