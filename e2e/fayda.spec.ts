import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { adminSession } from './support/admin-session';
import { apiSignUp, startInLanguage, storeSession, toE164 } from './support/auth';
import { filtersSheet } from './support/browse-filters';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * 'Verified with Fayda' (run with playwright.fayda.config.ts: the server with Fayda configured and
 * the local eSignet-like provider): a landlord verifies from /account at the provider's page and
 * comes back verified; the badge shows on the listing's card and page, and 'Verified posters only'
 * on /browse finds it and leaves an unverified poster's listing out. Then, reported, the poster's
 * case lets one admin ask to revoke the verification with a reason; the author cannot approve it,
 * a second admin does, and the badge leaves the listing (four eyes).
 */

const JOURNEYS = [
  { lang: 'en', individualId: '1234567890123401', name: 'Abebe Kebede' },
  { lang: 'am', individualId: '1234567890123402', name: 'Almaz Tesfaye' },
] as const satisfies ReadonlyArray<{ lang: Lang; individualId: string; name: string }>;

const SHOTS = path.resolve('test-results/screens/fayda');

for (const { lang, individualId, name } of JOURNEYS) {
  test(`a landlord verifies with Fayda; the badge and the filter show it; two admins revoke it (${lang})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const listing = await createLiveListing(request);
    const unverified = await createLiveListing(request);
    await startInLanguage(page, lang);
    await storeSession(page, listing.landlord, '/my-listings');
    // Offered on /my-listings and at the start of posting too.
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `my-listings-offer-${lang}.png`) });
    await page.goto('/post/owner');
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `posting-offer-${lang}.png`) });
    await page.goto('/account');

    const offer = page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') });
    await expect(offer).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `account-offer-${lang}.png`), fullPage: true });
    await offer.getByRole('button', { name: tr(lang, 'fayda:offer.button') }).click();

    // The provider's own login page.
    await expect(page.getByRole('heading', { name: 'Local Fayda (eSignet)' })).toBeVisible();
    await page.getByLabel('Fayda individual ID (FIN/UIN)').fill(individualId);
    await page.getByRole('button', { name: 'Verify and share' }).click();

    // Back on our return page, verified.
    await expect(page).toHaveURL(/\/account\/fayda\?/);
    await expect(page.getByText(tr(lang, 'fayda:return.done'))).toBeVisible();
    await expect(page.getByText(tr(lang, 'fayda:verified.name', { name }))).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `return-${lang}.png`), fullPage: true });
    await page.goto('/account');
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:verified.heading') })).toBeVisible();

    // A tenant's view: /browse with 'Verified posters only'.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/browse');
    const card = page.locator('article').filter({ has: page.locator(`a[href="/l/${listing.id}"]`) });
    await expect(card).toBeVisible();
    await expect(card.getByText(tr(lang, 'common:faydaBadge.text'), { exact: true })).toBeVisible();
    const sheet = await filtersSheet(page, lang);
    await sheet.getByLabel(tr(lang, 'listings:filters.verified')).check();
    await expect(page).toHaveURL(/[?&]verified=1(&|$)/);
    await page.keyboard.press('Escape');
    await expect(card).toBeVisible();
    await expect(page.locator(`a[href="/l/${unverified.id}"]`)).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, `browse-verified-${lang}.png`), fullPage: true });

    // The listing's page: the badge and the verified name.
    await page.goto(`/l/${listing.id}`);
    await expect(page.getByText(tr(lang, 'common:faydaBadge.text'), { exact: true })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `listing-${lang}.png`), fullPage: true });

    // A tenant reports the listing: its case reaches the admins, with the poster's verification.
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const report = await request.post('/api/reports', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: { targetType: 'listing', targetId: listing.id, reason: 'fake', details: 'Asked for an advance before any visit' },
    });
    expect(report.ok(), await report.text()).toBe(true);
    const poster = toE164(listing.landlord.phone);
    const reason = `Fake owner, documents forged (${lang})`;
    const caseName = tr(lang, 'admin:moderation.caseTitle', { type: tr(lang, 'admin:targetTypes.listing'), id: listing.id.slice(-6) });

    // The first admin asks to revoke it, with a reason; it waits for a second admin.
    const first = await adminSession(request, '+251911000001');
    await storeSession(page, first, '/admin');
    const caseCard = page.getByRole('article', { name: caseName });
    const since = tr(lang, 'admin:moderation.faydaSince', { date: 'DATE' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('DATE', '.+');
    await expect(caseCard.getByText(new RegExp(`^${since}$`))).toBeVisible();
    const revoke = caseCard.getByRole('button', { name: tr(lang, 'admin:faydaRevocations.revoke') });
    await revoke.click();
    await expect(revoke).toHaveAttribute('aria-expanded', 'true');
    const form = caseCard.getByRole('form', { name: tr(lang, 'admin:faydaRevocations.formLabel', { phone: poster }) });
    await expect(form.getByLabel(tr(lang, 'admin:faydaRevocations.reason'))).toBeFocused();
    await form.getByRole('button', { name: tr(lang, 'admin:faydaRevocations.submit') }).click();
    await expect(form.getByText(tr(lang, 'admin:faydaRevocations.reasonRequired'))).toBeVisible();
    // What a phone shows (360x800): the form on the case card.
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `admin-revoke-form-${lang}.png`) });
    await form.getByLabel(tr(lang, 'admin:faydaRevocations.reason')).fill(reason);
    await form.getByRole('button', { name: tr(lang, 'admin:faydaRevocations.submit') }).click();
    await expect(page.getByText(tr(lang, 'admin:faydaRevocations.asked', { phone: poster }))).toBeVisible();
    await expect(caseCard.getByText(tr(lang, 'admin:faydaRevocations.waiting'))).toBeVisible();
    const revocations = page.getByRole('region', { name: tr(lang, 'admin:faydaRevocations.title') });
    const mine = revocations.getByRole('article').filter({ hasText: reason });
    await expect(mine.getByText(tr(lang, 'admin:faydaRevocations.yours'))).toBeVisible();
    await expect(mine.getByRole('button', { name: tr(lang, 'admin:faydaRevocations.approve') })).toBeDisabled();
    await revocations.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `admin-revocation-pending-${lang}.png`) });
    // Still verified while it waits.
    expect((await (await request.get(`/api/listings/${listing.id}`)).json()).listing.posted_by.verified).toBe(true);

    // A second admin approves it, with a note; the outcome is shown.
    const second = await adminSession(request, '+251911000002');
    await storeSession(page, second, '/admin');
    const theirs = revocations.getByRole('article').filter({ hasText: reason });
    await expect(theirs.getByText(tr(lang, 'admin:faydaRevocations.yours'))).toHaveCount(0);
    page.once('dialog', (prompt) => {
      expect(prompt.type()).toBe('prompt');
      expect(prompt.message()).toBe(tr(lang, 'admin:faydaRevocations.approvePrompt', { phone: poster }));
      void prompt.accept('Checked the reports');
    });
    await theirs.getByRole('button', { name: tr(lang, 'admin:faydaRevocations.approve') }).click();
    await expect(page.getByText(tr(lang, 'admin:faydaRevocations.approved', { phone: poster }))).toBeVisible();
    await expect(theirs).toHaveCount(0);
    const decided = revocations.getByRole('listitem').filter({ hasText: reason });
    await expect(decided.getByText(tr(lang, 'admin:faydaRevocations.outcomeApproved'))).toBeVisible();
    await expect(caseCard.getByText(tr(lang, 'admin:moderation.faydaNo'))).toBeVisible();
    await decided.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `admin-revocation-decided-${lang}.png`) });

    // The badge has left the listing's page.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/l/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(tr(lang, 'common:faydaBadge.text'), { exact: true })).toHaveCount(0);
  });
}
