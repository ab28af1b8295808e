import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { adminSession } from './support/admin-session';
import { smallTargets } from './support/touch-targets';
import { axeViolations } from './support/axe';

/**
 * A refund when a paid contact is dead, and the full move-in cost with what the rent law
 * says. A tenant unlocks, claims 'Already rented', the landlord marks the home rented, the credit
 * comes back and the claim shows approved; the move-in cost of a broker's listing on /l/{id}; an
 * advance above two months refused at posting; the admin's refund queue. Both languages, each new
 * screen and state checked with axe and for 44 px targets, and photographed at 360 x 800.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots/refunds');
const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/room-1.jpg');

test.use({ viewport: { width: 360, height: 800 } });

async function api<T>(request: APIRequestContext, session: ApiSession, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${url}`, { method, headers: { authorization: `Bearer ${session.token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A tenant who bought one credit and unlocked the listing's contact with it; answers the unlock's id. */
async function tenantWithUnlock(request: APIRequestContext, listingId: string): Promise<{ tenant: ApiSession; unlockId: string }> {
  const tenant = await apiSignUp(request, { role: 'tenant', name: 'Selam Tesfaye' });
  await api(request, tenant, 'POST', '/purchase', { sku: 'CREDIT_SINGLE' });
  await api(request, tenant, 'POST', `/listings/${listingId}/unlock-contact`);
  const mine = await api<{ unlocks: { _id: string; listing: { _id: string } }[] }>(request, tenant, 'GET', '/listings/unlocked/my-unlocks');
  return { tenant, unlockId: mine.unlocks.find((u) => u.listing._id === listingId)!._id };
}

/** axe (WCAG 2.1 AA) and 44 px targets on the screen as it is now. */
async function checkScreen(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page, label)).toEqual([]);
  const small = await smallTargets(page);
  expect(small, `${label}: targets under 44 px`).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

for (const lang of LANGS) {
  test(`a tenant claims 'Already rented', the landlord marks it rented, the credit is back and the claim approved (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const { tenant } = await tenantWithUnlock(request, listing.id);
    await startInLanguage(page, lang);
    await storeSession(page, tenant, '/my-unlocks');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'wallet:unlocks.title') })).toBeVisible();
    const card = page.getByTestId('unlock-card').filter({ hasText: listing.title });
    const badge = page.getByTestId('wallet-badge').filter({ visible: true });
    await expect(badge).toHaveText('0');

    // The claim: a dialog with the three reasons; sending without one says what is missing.
    await card.getByRole('button', { name: tr(lang, 'refunds:claim.openLabel', { title: listing.title }) }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'refunds:claim.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: tr(lang, 'refunds:claim.submit') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(tr(lang, 'refunds:claim.chooseReason'));
    await dialog.getByRole('radio', { name: tr(lang, 'refunds:reasons.already_rented') }).check();
    await checkScreen(page, `claim dialog (${lang})`);
    await shot(page, `claim-dialog-${lang}`);
    await dialog.getByRole('button', { name: tr(lang, 'refunds:claim.submit') }).click();
    await expect(dialog.getByText(tr(lang, 'refunds:claim.pendingTitle'))).toBeVisible();
    await dialog.getByRole('button', { name: tr(lang, 'common:actions.continue') }).click();
    await expect(dialog).toBeHidden();

    const state = card.getByTestId('refund-state');
    await expect(state).toHaveAttribute('data-status', 'pending');
    await expect(state).toContainText(tr(lang, 'refunds:status.pending'));
    await expect(state).toContainText(tr(lang, 'refunds:reasons.already_rented'));
    await checkScreen(page, `my-unlocks with a claim (${lang})`);
    await shot(page, `my-unlocks-claim-${lang}`);

    // The landlord marks the home rented on its page.
    await storeSession(page, listing.landlord, `/l/${listing.id}`);
    await page.getByRole('button', { name: tr(lang, 'listings:manage.markRented') }).click();
    const confirm = page.getByRole('dialog', { name: tr(lang, 'listings:manage.confirmRentedTitle') });
    page.once('dialog', (d) => void d.accept());
    await confirm.getByRole('button', { name: tr(lang, 'listings:manage.confirmRented') }).click();
    await expect
      .poll(async () => (await api<{ listing: { visibility: string } }>(request, listing.landlord, 'GET', `/listings/${listing.id}`)).listing.visibility)
      .toBe('draft');

    // The tenant: approved, the credit back, and the wallet's history says why.
    await storeSession(page, tenant, '/my-unlocks');
    await expect(state).toHaveAttribute('data-status', 'approved');
    await expect(state).toContainText(tr(lang, 'refunds:status.approved'));
    await expect(state).toContainText(tr(lang, 'refunds:causes.listing_rented'));
    await expect(badge).toHaveText('1');
    await shot(page, `my-unlocks-approved-${lang}`);
    await page.goto('/wallet');
    const refundRow = page.getByTestId('wallet-history-row').first();
    await expect(refundRow).toHaveAttribute('data-kind', 'refund');
    await expect(refundRow).toContainText(tr(lang, 'refunds:history.kinds.refund'));
  });

  test(`a broker's listing shows the move-in cost with its parts and the rent law, folded (${lang})`, async ({ page, request }) => {
    const broker = await apiSignUp(request, { role: 'delala', name: 'Dawit Alemu', agencyName: 'Addis Homes' });
    await api(request, broker, 'POST', '/purchase', { sku: 'post_credit_1' });
    const photo = await request.fetch('/api/uploads', {
      method: 'POST',
      headers: { authorization: `Bearer ${broker.token}` },
      multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } },
    });
    const key = ((await photo.json()) as { key: string }).key;
    const title = `Broker apartment near Atlas ${Math.floor(Math.random() * 1e6)}`;
    const draft = await api<{ _id: string }>(request, broker, 'POST', '/listings', {
      title,
      description: 'Two bedrooms, a guard and a water tank, five minutes from Atlas.',
      type: 'apartment',
      price_etb: 25000,
      bedrooms: 2,
      subcity: 'Bole',
      contact_preference: 'show',
      advance_months: 2,
      deposit_etb: 10000,
      broker_fee_percent: 50,
    });
    await api(request, broker, 'PATCH', `/listings/${draft._id}`, { photos: [key] });
    await api(request, broker, 'POST', `/listings/${draft._id}/publish`);

    await startInLanguage(page, lang);
    await page.goto(`/l/${draft._id}`);
    const box = page.getByTestId('move-in-cost');
    await expect(box.getByRole('heading', { name: tr(lang, 'listings:moveIn.title') })).toBeVisible();
    const etb = (n: string) => (lang === 'am' ? `${n} ብር` : `${n} ETB`);
    // 25,000 + 2 x 25,000 + 10,000 + 50% of 25,000.
    await expect(page.getByTestId('move-in-total')).toContainText(etb('97,500'));
    await expect(box.getByText(tr(lang, 'listings:moveIn.firstMonth'))).toBeVisible();
    await expect(box.getByText(tr(lang, 'listings:moveIn.advance_other', { count: 2 }))).toBeVisible();
    await expect(box.getByText(etb('50,000'))).toBeVisible();
    await expect(box.getByText(tr(lang, 'listings:moveIn.deposit'))).toBeVisible();
    await expect(box.getByText(etb('10,000'))).toBeVisible();
    await expect(box.getByText(tr(lang, 'listings:moveIn.brokerFeeShare', { percent: 50 }))).toBeVisible();
    await expect(box.getByText(etb('12,500'))).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await shot(page, `move-in-cost-${lang}`);

    // The rent law: folded; opened, it names the law and says it is not legal advice.
    const law = page.getByTestId('rent-law');
    await expect(law.getByText(tr(lang, 'listings:moveIn.lawDisclaimer'))).toBeHidden();
    await law.getByText(tr(lang, 'listings:moveIn.lawSummary')).click();
    await expect(law.getByText(tr(lang, 'listings:moveIn.lawName'))).toBeVisible();
    await expect(law.getByText(tr(lang, 'listings:moveIn.lawWritten'))).toBeVisible();
    await expect(law.getByText(tr(lang, 'listings:moveIn.lawDisclaimer'))).toBeVisible();
    await checkScreen(page, `/l/{id} move-in cost and rent law (${lang})`);
    await law.scrollIntoViewIfNeeded();
    await shot(page, `rent-law-${lang}`);
  });

  test(`a broker's listing that leaves its advance and fee unstated says so inside the box on a phone (${lang})`, async ({ page, request }) => {
    const broker = await apiSignUp(request, { role: 'delala', name: 'Dawit Alemu', agencyName: 'Addis Homes' });
    await api(request, broker, 'POST', '/purchase', { sku: 'post_credit_1' });
    const draft = await api<{ _id: string }>(request, broker, 'POST', '/listings', {
      title: `Broker villa near Bole ${Math.floor(Math.random() * 1e6)}`,
      description: 'Four bedrooms with a garden; ask the broker about the advance and the fee.',
      type: 'villa',
      price_etb: 100000,
      bedrooms: 4,
      subcity: 'Bole',
      contact_preference: 'show',
    });
    const photo = await request.fetch('/api/uploads', {
      method: 'POST',
      headers: { authorization: `Bearer ${broker.token}` },
      multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } },
    });
    await api(request, broker, 'PATCH', `/listings/${draft._id}`, { photos: [((await photo.json()) as { key: string }).key] });
    await api(request, broker, 'POST', `/listings/${draft._id}/publish`);

    await startInLanguage(page, lang);
    await page.goto(`/l/${draft._id}`);
    const box = page.getByTestId('move-in-cost');
    await expect(box.getByText(tr(lang, 'listings:moveIn.notStated'))).toHaveCount(2);
    await expect(page.getByTestId('move-in-total')).toContainText(
      tr(lang, 'listings:moveIn.atLeast', { amount: lang === 'am' ? '100,000 ብር' : '100,000 ETB' }),
    );
    // Each value, the notes in words included, ends inside the box's padding at 360 px.
    const edges = await box.evaluate((el) => {
      const inner = el.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(el).paddingRight);
      return [...el.querySelectorAll('dt, dd')].map((cell) => ({
        text: cell.textContent,
        past: cell.getBoundingClientRect().right - inner,
        clipped: cell.scrollWidth - cell.clientWidth,
      }));
    });
    for (const edge of edges) {
      expect(edge.past, edge.text ?? '').toBeLessThanOrEqual(0.5);
      expect(edge.clipped, edge.text ?? '').toBeLessThanOrEqual(0);
    }
    await box.scrollIntoViewIfNeeded();
    await shot(page, `move-in-cost-not-stated-${lang}`);
  });

  test(`an advance above two months is refused at posting with the reason (${lang})`, async ({ page, request }) => {
    const landlord = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
    await startInLanguage(page, lang);
    await storeSession(page, landlord, '/post/owner');
    const advance = page.getByLabel(tr(lang, 'landlord:moveIn.advance'));
    await advance.fill('3');
    await advance.blur();
    await expect(page.getByText(tr(lang, 'landlord:draft.errors.advanceTooHigh'))).toBeVisible();
    await expect(advance).toHaveAttribute('aria-invalid', 'true');
    await advance.fill('2');
    await advance.blur();
    await expect(page.getByText(tr(lang, 'landlord:draft.errors.advanceTooHigh'))).toBeHidden();
  });

  test(`an admin approves a waiting refund claim with a note on Payments & Adjustments (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const { tenant, unlockId } = await tenantWithUnlock(request, listing.id);
    await api(request, tenant, 'POST', `/listings/unlocked/${unlockId}/refund-claim`, { reason: 'no_answer' });
    const admin = await adminSession(request);
    await startInLanguage(page, lang);
    await storeSession(page, admin, '/admin');
    await page.getByRole('tab', { name: tr(lang, 'admin:tabs.payments') }).click();
    const claim = page.getByTestId('refund-claim').filter({ hasText: listing.title });
    await expect(claim).toBeVisible();
    await expect(claim).toContainText(tenant.phone.slice(-9));
    await claim.scrollIntoViewIfNeeded();
    await checkScreen(page, `admin refund queue (${lang})`);
    await shot(page, `admin-refund-queue-${lang}`);
    await claim.getByRole('button', { name: tr(lang, 'refunds:admin.approve') }).click();
    await expect(claim.getByText(tr(lang, 'refunds:admin.noteRequired'))).toBeVisible();
    await claim.getByLabel(tr(lang, 'refunds:admin.noteLabel')).fill(lang === 'am' ? 'ሁለት ጊዜ ደወልኩ፤ አልተነሳም' : 'Called twice: no answer');
    await claim.getByRole('button', { name: tr(lang, 'refunds:admin.approve') }).click();
    await expect(page.getByText(tr(lang, 'refunds:admin.approved'))).toBeVisible();
    await expect(claim).toHaveCount(0);
    const balance = await api<{ credits: number }>(request, tenant, 'GET', '/wallet/balance');
    expect(balance.credits).toBe(1);
  });
}
