import { test, expect } from './support/fixtures';
import { readDemoCode, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { apiSignUp } from './support/auth';

/**
 * Delete my account: a landlord confirms with a fresh code sent to their phone, is signed out,
 * their listing is gone, and the tenant's thread still holds the landlord's messages, now from
 * 'Deleted user'.
 */
for (const lang of ['am', 'en'] as const satisfies readonly Lang[]) {
  test(`a landlord deletes their account; the tenant's thread reads 'Deleted user' (${lang})`, async ({ page, browser, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'hide' });
    const tenant = await apiSignUp(request, { name: 'Hanna Girma' });
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const started = await request.post('/api/conversations', {
      headers: auth(tenant.token),
      data: { listing_id: listing.id, initial_message: 'Can I visit on Saturday?' },
    });
    const { conversation_id } = (await started.json()) as { conversation_id: string };
    await request.post(`/api/conversations/${conversation_id}/reply`, { headers: auth(listing.landlord.token), data: { body: 'Yes, at ten.' } });

    await startInLanguage(page, lang);
    await storeSession(page, listing.landlord, '/account');
    const section = page.getByRole('region', { name: tr(lang, 'account:delete.heading') });
    await expect(section.getByText(tr(lang, 'account:delete.kept'))).toBeVisible();
    await section.getByRole('button', { name: tr(lang, 'account:delete.start') }).click();
    const code = await readDemoCode(page);
    // A wrong code deletes nothing.
    await section.getByLabel(tr(lang, 'account:phone.code')).fill(code === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: tr(lang, 'account:delete.confirm') }).click();
    await expect(section.getByText(tr(lang, 'common:errors.invalid_code'))).toBeVisible();
    await section.getByLabel(tr(lang, 'account:phone.code')).fill(code);
    await section.getByRole('button', { name: tr(lang, 'account:delete.confirm') }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The old token is dead, the listing is gone.
    expect((await request.get('/api/auth/me', { headers: auth(listing.landlord.token) })).status()).toBe(401);
    expect((await request.get(`/api/listings/${listing.id}`)).status()).toBe(404);

    // The tenant's side: the thread stays, from 'Deleted user'.
    const other = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const tenantPage = await other.newPage();
    await startInLanguage(tenantPage, lang);
    await storeSession(tenantPage, tenant, `/chat/${conversation_id}`);
    await expect(tenantPage.getByText('Can I visit on Saturday?')).toBeVisible();
    await expect(tenantPage.getByText(tr(lang, 'chat:inbox.deletedUser')).first()).toBeVisible();
    await tenantPage.goto('/chat');
    await expect(tenantPage.getByText(tr(lang, 'chat:inbox.deletedUser')).first()).toBeVisible();
    await other.close();
  });
}
