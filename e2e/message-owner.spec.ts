import { test, expect } from './support/fixtures';
import { apiSignUp, readDemoCode, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { randomPhone } from './support/phones';

/**
 * The first message to an owner from /l/{id}: a signed-in tenant lands
 * in the thread with the message and the 'message sent' banner; an anonymous visitor's message
 * waits through the signup and is sent right after it.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];

for (const lang of LANGS) {
  test(`a signed-in tenant sends a message from the listing and lands in the thread (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'hide' });
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    // Messages only: no unlock offered.
    await expect(page.getByText(tr(lang, 'listings:contact.messagesOnly.owner'))).toBeVisible();
    await expect(page.getByRole('button', { name: tr(lang, 'listings:contact.unlock') })).toHaveCount(0);

    const field = page.getByLabel(tr(lang, 'listings:contact.messageLabel.owner'));
    const send = page.getByRole('button', { name: tr(lang, 'listings:contact.send') });
    await expect(send).toBeDisabled();
    const text = lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ? ቅዳሜ ማየት እችላለሁ?' : 'Hello, is it still available? Can I visit on Saturday?';
    await field.fill(`  ${text}  `);
    await send.click();

    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByText(tr(lang, 'chat:inbox.messageSent'))).toBeVisible();
    const thread = page.getByRole('log', { name: tr(lang, 'chat:thread.messages') });
    await expect(thread.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: listing.title })).toHaveAttribute('href', `/l/${listing.id}`);

    // The owner has it in their inbox.
    const inbox = await request.get('/api/conversations', { headers: { authorization: `Bearer ${listing.landlord.token}` } });
    const { conversations } = (await inbox.json()) as { conversations: Array<{ last_message: { body_text: string } | null; unread_count: number }> };
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.last_message?.body_text).toBe(text);
    expect(conversations[0]!.unread_count).toBe(1);
  });
}

test('an anonymous visitor writes, signs up, and the waiting message is sent', async ({ page, request }) => {
  const listing = await createLiveListing(request);
  await page.goto(`/l/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(page.getByText(tr('en', 'listings:contact.messageAnonymous'))).toBeVisible();
  const text = 'Good morning! Is the apartment still free for December?';
  await page.getByLabel(tr('en', 'listings:contact.messageLabel.owner')).fill(text);
  await page.getByRole('button', { name: tr('en', 'listings:contact.send') }).click();

  // Signup, carrying the message: phone, code and profile, then skip the plan.
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel(tr('en', 'auth:phone.label')).fill(randomPhone());
  await page.getByRole('button', { name: tr('en', 'auth:phone.sendCode') }).click();
  const code = await readDemoCode(page);
  await page.getByLabel(tr('en', 'auth:fields.name')).fill('Meron Alemu');
  await page.getByLabel(tr('en', 'auth:fields.role')).selectOption('tenant');
  await page.getByLabel(tr('en', 'auth:code.label')).fill(code);
  await page.getByRole('checkbox', { name: tr('en', 'auth:fields.acceptTerms') }).check();
  await page.getByRole('button', { name: tr('en', 'auth:signup.continue') }).click();
  await page.getByRole('button', { name: tr('en', 'auth:signup.skip') }).click();

  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText(tr('en', 'chat:inbox.messageSent'))).toBeVisible();
  await expect(page.getByRole('log', { name: tr('en', 'chat:thread.messages') }).getByText(text, { exact: true })).toBeVisible();

  const inbox = await request.get('/api/conversations', { headers: { authorization: `Bearer ${listing.landlord.token}` } });
  const { conversations } = (await inbox.json()) as {
    conversations: Array<{ last_message: { body_text: string } | null; participants: { tenant_name: string | null } }>;
  };
  expect(conversations.map((c) => [c.participants.tenant_name, c.last_message?.body_text])).toEqual([['Meron Alemu', text]]);
});
