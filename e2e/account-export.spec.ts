import fs from 'node:fs';
import { test, expect } from './support/fixtures';
import { apiSignUp, openAccountMenu, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { toE164 } from './support/phones';

/**
 * Download my data: from the avatar menu to /account, the file is prepared in the background (the
 * page shows it and updates by itself), downloaded once through its link, and holds the tenant's
 * conversation as the tenant sees it: the owner's locked reply blurred, the owner's phone absent.
 */
for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`a tenant downloads a copy of their data from /account (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const tenant = await apiSignUp(request, { name: 'Meron Alemu' });
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const started = await request.post('/api/conversations', {
      headers: auth(tenant.token),
      data: { listing_id: listing.id, initial_message: 'Is it still available?' },
    });
    const { conversation_id } = (await started.json()) as { conversation_id: string };
    const ownerWords = `Locked words ${Math.floor(Math.random() * 1e6)}, call ${listing.landlord.phone}`;
    await request.post(`/api/conversations/${conversation_id}/reply`, { headers: auth(listing.landlord.token), data: { body: ownerWords } });

    await startInLanguage(page, lang);
    await storeSession(page, tenant, '/browse');
    await openAccountMenu(page);
    await page.getByRole('link', { name: tr(lang, 'common:nav.account') }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'account:title') })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`account-${lang}.png`), fullPage: true });

    const section = page.getByRole('region', { name: tr(lang, 'account:export.heading') });
    await section.getByRole('button', { name: tr(lang, 'account:export.request') }).click();
    // Prepared off the request path; the page polls until it is ready.
    const download = section.getByRole('button', { name: tr(lang, 'account:export.download') });
    await expect(download).toBeVisible({ timeout: 20_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('betoch-my-data.json');
    const saved = await file.path();
    const text = fs.readFileSync(saved, 'utf8');
    const data = JSON.parse(text) as {
      profile: { name: string; phone: string };
      conversations: Array<{ messages: Array<{ role: string; blurred: boolean; body_text: string }> }>;
      summary: { lines: string[] };
    };
    expect(data.profile).toMatchObject({ name: 'Meron Alemu', phone: toE164(tenant.phone) });
    expect(data.summary.lines.length).toBeGreaterThan(3);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.messages.map((m) => [m.role, m.blurred])).toEqual([
      ['tenant', false],
      ['owner', true],
    ]);
    expect(text).not.toContain('Locked words');
    expect(text).not.toContain(toE164(listing.landlord.phone));
    expect(text).not.toContain(listing.landlord.phone);

    // The link worked once; a new copy waits 24 hours.
    await expect(section.getByText(tr(lang, 'account:export.downloaded'))).toBeVisible();
    await expect(section.getByRole('button', { name: tr(lang, 'account:export.request') })).toHaveCount(0);
  });
}
