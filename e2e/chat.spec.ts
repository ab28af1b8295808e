import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';
import { acceptNextDialog } from './support/dialogs';
import { tr, type Lang } from './support/i18n';

/**
 * Conversation journeys: a tenant and an owner, each in their
 * own browser. Conversations start through the API (the send-message box of /l/{id} is wired by
 * the listing work); everything after that happens on the screens: the owner's unread badge and
 * reply, the tenant's 'Message locked', the wallet round trip, the unlock, and messages arriving
 * in an open thread and in the badge without a reload (server-sent events).
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function bearer(session: ApiSession) {
  return { authorization: `Bearer ${session.token}` };
}

async function call<T>(request: APIRequestContext, session: ApiSession, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${url}`, { method, data, headers: bearer(session) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A live listing of the owner's, with one photo. */
async function publishListing(request: APIRequestContext, owner: ApiSession, title: string, price: number): Promise<string> {
  const created = await request.post('/api/listings', {
    headers: bearer(owner),
    data: {
      title,
      description: `${title}: bright rooms, a balcony, a water tank and a guard at the gate.`,
      type: 'apartment',
      price_etb: price,
      bedrooms: 2,
      bathrooms: 1,
      area_sqm: 90,
      specific_location: 'Near Edna Mall',
      subcity: 'Bole',
      contact_preference: 'show',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { listing } = (await created.json()) as { listing: { _id: string } };
  const up = await request.post('/api/uploads', {
    headers: bearer(owner),
    multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(FIXTURES, 'room-1.jpg')) } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const { key } = (await up.json()) as { key: string };
  const patched = await request.patch(`/api/listings/${listing._id}`, { headers: bearer(owner), data: { photos: [key] } });
  expect(patched.ok(), await patched.text()).toBe(true);
  const published = await request.post(`/api/listings/${listing._id}/publish`, { headers: bearer(owner) });
  expect(published.ok(), await published.text()).toBe(true);
  return listing._id;
}

async function startConversation(request: APIRequestContext, tenant: ApiSession, listingId: string, text: string): Promise<string> {
  const answer = await call<{ conversation_id: string }>(request, tenant, 'POST', '/conversations', { listing_id: listingId, initial_message: text });
  return answer.conversation_id;
}

/** Plural category the app uses for a count: Amharic says 'one' for 0 and 1. */
function plural(lang: Lang, count: number): 'one' | 'other' {
  return new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
}

function ct(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return tr(lang, `chat:${key}`, vars);
}

/** The Messages badge as the top bar shows it on a phone (the strip; the desktop links are hidden). */
function unreadBadge(page: Page): Locator {
  return page.getByTestId('unread-badge').filter({ visible: true });
}

function badgeText(lang: Lang, count: number): string {
  return `${count} (${ct(lang, `badge.unread_${plural(lang, count)}`, { count })})`;
}

/** A second person's browser, signed in, on `at`. */
async function secondBrowser(browser: Browser, session: ApiSession, lang: Lang, at: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startInLanguage(page, lang);
  await storeSession(page, session, at);
  return page;
}

/** Sends a message through the thread's message box and waits for it in the thread. */
async function sendInThread(page: Page, lang: Lang, text: string): Promise<void> {
  await page.getByPlaceholder(ct(lang, 'composer.placeholder')).fill(text);
  await page.getByRole('button', { name: ct(lang, 'composer.send'), exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByPlaceholder(ct(lang, 'composer.placeholder'))).toHaveValue('');
}

test('tenant and owner: unread badge, reply, Message locked, credits from the wallet, unlock, live messages', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const lang: Lang = 'en';
  const owner = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
  const title = `Flat near Edna Mall ${Date.now().toString(36)}`;
  const listingId = await publishListing(request, owner, title, 25000);
  const tenant = await apiSignUp(request, { role: 'tenant', name: 'Hana Tesfaye' });
  const conversationId = await startConversation(request, tenant, listingId, 'Selam, is the flat still available?');
  const reply = 'Yes, it is available. Call me on 0911 23 45 67 to visit.';

  // The owner sees the unread badge, opens the inbox and the thread, and replies.
  await startInLanguage(page, lang);
  await storeSession(page, owner, '/my-listings');
  await expect(unreadBadge(page)).toHaveText(badgeText(lang, 1));
  await page
    .getByRole('link', { name: /^Messages/ })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
  const ownerRow = page.getByTestId('conversation-row').filter({ hasText: title });
  await expect(ownerRow).toContainText('Hana Tesfaye');
  await expect(ownerRow).toContainText('25,000 ETB');
  await expect(ownerRow.getByTestId('last-message')).toHaveText('Selam, is the flat still available?');
  await expect(ownerRow.getByTestId('row-unread')).toContainText('1');
  await expect(ownerRow).not.toContainText(ct(lang, 'inbox.locked'));
  await ownerRow.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${conversationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: ct(lang, 'thread.title') })).toBeVisible();
  await expect(page.getByTestId('message').filter({ hasText: 'Selam, is the flat still available?' })).toHaveAttribute('data-side', 'end');
  await expect(page.getByTestId('thread-footer')).toHaveText(ct(lang, 'footer.owner'));
  await expect(unreadBadge(page)).toHaveCount(0); // read now
  await sendInThread(page, lang, reply);
  // The owner reads their own words, phone number and all; their messages sit on the left.
  await expect(page.getByTestId('message').filter({ hasText: reply })).toHaveAttribute('data-side', 'start');

  // The tenant sees the unread badge and the locked row, then 'Message locked' with no words behind it.
  const tenantPage = await secondBrowser(browser, tenant, lang, '/browse');
  await expect(unreadBadge(tenantPage)).toHaveText(badgeText(lang, 1));
  await tenantPage
    .getByRole('link', { name: /^Messages/ })
    .filter({ visible: true })
    .click();
  const tenantRow = tenantPage.getByTestId('conversation-row').filter({ hasText: title });
  await expect(tenantRow).toContainText('Abebe Kebede');
  await expect(tenantRow).toContainText(ct(lang, 'inbox.locked'));
  await expect(tenantRow.getByTestId('last-message')).toHaveText(ct(lang, 'lastMessage.locked'));
  await tenantRow.click();
  const locked = tenantPage.getByTestId('message').filter({ hasText: ct(lang, 'thread.locked') });
  await expect(locked).toBeVisible();
  await expect(locked).toHaveAttribute('data-side', 'start');
  const html = await tenantPage.content();
  expect(html).not.toContain('available. Call me');
  expect(html).not.toContain('0911');
  await expect(tenantPage.getByTestId('thread-footer')).toHaveText(ct(lang, 'footer.tenantLocked'));
  const banner = tenantPage.getByTestId('unlock-banner');
  await expect(banner.getByRole('heading', { name: ct(lang, 'unlock.title') })).toBeVisible();

  // No credits: the app offers the wallet, and comes back to the thread after the purchase.
  const confirm = acceptNextDialog(tenantPage);
  await banner.getByRole('button', { name: ct(lang, 'unlock.button') }).click();
  const asked = await confirm;
  expect(asked.type).toBe('confirm');
  expect(asked.message).toBe(ct(lang, 'unlock.needCredits'));
  await expect(tenantPage).toHaveURL(/\/wallet$/);
  const bought = acceptNextDialog(tenantPage);
  await tenantPage
    .getByRole('listitem', { name: tr(lang, 'common:plans.names.CREDIT_SINGLE'), exact: true })
    .getByRole('button', { name: new RegExp(`^${tr(lang, 'wallet:cards.buy', { price: '30 ETB' })}`) })
    .click();
  await bought;
  await expect(tenantPage).toHaveURL(new RegExp(`/chat/${conversationId}$`));

  // Unlock: the success alert with the new balance, then the reply (contact masked until paid for).
  const unlocked = acceptNextDialog(tenantPage);
  await tenantPage
    .getByTestId('unlock-banner')
    .getByRole('button', { name: ct(lang, 'unlock.button') })
    .click();
  expect((await unlocked).message).toBe(ct(lang, `unlock.success_${plural(lang, 0)}`, { count: 0 }));
  const readable = tenantPage.getByTestId('message').filter({ hasText: 'Yes, it is available. Call me on' });
  await expect(readable).toBeVisible();
  await expect(readable).toContainText(ct(lang, 'contact_hidden'));
  await expect(readable).not.toContainText('0911');
  await expect(tenantPage.getByTestId('unlock-banner')).toHaveCount(0);
  await expect(tenantPage.getByTestId('thread-footer')).toHaveText(ct(lang, 'footer.tenantUnlocked'));
  await expect(tenantPage.getByTestId('wallet-badge').filter({ visible: true })).toHaveText('0');

  // A new owner message appears in the tenant's open thread without a reload.
  await tenantPage.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await sendInThread(page, lang, 'The guard at the gate is called Kebede.');
  await expect(tenantPage.getByTestId('message').filter({ hasText: 'The guard at the gate is called Kebede.' })).toBeVisible({ timeout: 5_000 });
  expect(await tenantPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // And the tenant answers; the owner's open thread shows it, no reload either.
  await sendInThread(tenantPage, lang, 'Thank you, I will come on Saturday.');
  await expect(page.getByTestId('message').filter({ hasText: 'Thank you, I will come on Saturday.' })).toBeVisible({ timeout: 5_000 });

  // With the thread closed, a new message shows in the badge at once (the 30 s poll is only the fallback).
  await page.getByRole('link', { name: ct(lang, 'thread.back') }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(unreadBadge(page)).toHaveCount(0);
  await call(request, tenant, 'POST', `/conversations/${conversationId}/reply`, { body: 'Is there parking?' });
  await expect(unreadBadge(page)).toHaveText(badgeText(lang, 1), { timeout: 5_000 });
  await expect(page.getByTestId('conversation-row').filter({ hasText: title }).getByTestId('last-message')).toHaveText('Is there parking?', { timeout: 5_000 });

  await tenantPage.context().close();
});

test("the owner's 'view messages' shows that listing's conversations, and Show All Messages all of them", async ({ page, request }) => {
  const lang: Lang = 'en';
  const owner = await apiSignUp(request, { role: 'landlord', name: 'Meron Alemu' });
  const quiet = `Quiet flat ${Date.now().toString(36)}`;
  const busy = `Busy flat ${Date.now().toString(36)}`;
  const quietId = await publishListing(request, owner, quiet, 12000);
  const busyId = await publishListing(request, owner, busy, 18500);
  const tenant = await apiSignUp(request, { role: 'tenant', name: 'Dawit Bekele' });
  await startConversation(request, tenant, busyId, 'Hello, can I see it on Sunday?');

  await startInLanguage(page, lang);
  await storeSession(page, owner, `/l/${quietId}`);
  await page.getByRole('button', { name: tr(lang, 'listings:manage.viewMessages') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ct(lang, 'inbox.titleForListing', { title: quiet }) })).toBeVisible();
  await expect(page.getByRole('heading', { name: ct(lang, 'inbox.emptyForListingTitle') })).toBeVisible();
  await expect(page.getByText(ct(lang, 'inbox.emptyForListingText'))).toBeVisible();
  await page.getByRole('button', { name: ct(lang, 'inbox.showAll') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ct(lang, 'inbox.title') })).toBeVisible();
  await expect(page.getByTestId('conversation-row').filter({ hasText: busy })).toContainText('Dawit Bekele');

  await page.goto(`/l/${busyId}`);
  await page.getByRole('button', { name: tr(lang, 'listings:manage.viewMessages') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ct(lang, 'inbox.titleForListing', { title: busy }) })).toBeVisible();
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
});

test('in Amharic: the locked row and bubble, the unlock with credits bought before, the report modal', async ({ page, request }) => {
  const lang: Lang = 'am';
  const owner = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
  const title = `ቤት በቦሌ ${Date.now().toString(36)}`;
  const listingId = await publishListing(request, owner, title, 30000);
  const tenant = await apiSignUp(request, { role: 'tenant', name: 'ሰላም ተስፋዬ' });
  const conversationId = await startConversation(request, tenant, listingId, 'ሰላም፣ ቤቱ አሁንም አለ?');
  await call(request, owner, 'POST', `/conversations/${conversationId}/reply`, { body: 'አዎ አለ። ቅዳሜ መጥተው ይዩት።' });
  await call(request, tenant, 'POST', '/purchase', { sku: 'CREDIT_BUNDLE_10' });

  await startInLanguage(page, lang);
  await storeSession(page, tenant, '/chat');
  await expect(page.getByRole('heading', { level: 1, name: ct(lang, 'inbox.title') })).toBeVisible();
  const row = page.getByTestId('conversation-row').filter({ hasText: title });
  await expect(row).toContainText(ct(lang, 'inbox.locked'));
  await expect(row).toContainText('30,000 ብር');
  await expect(row.getByTestId('last-message')).toHaveText(ct(lang, 'lastMessage.locked'));
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: ct(lang, 'thread.locked') })).toBeVisible();
  expect(await page.content()).not.toContain('ቅዳሜ መጥተው');

  const unlocked = acceptNextDialog(page);
  await page.getByRole('button', { name: ct(lang, 'unlock.button') }).click();
  expect((await unlocked).message).toBe(ct(lang, `unlock.success_${plural(lang, 9)}`, { count: 9 }));
  await expect(page.getByTestId('message').filter({ hasText: 'አዎ አለ። ቅዳሜ መጥተው ይዩት።' })).toBeVisible();
  await expect(page.getByTestId('thread-footer')).toHaveText(ct(lang, 'footer.tenantUnlocked'));

  await page.getByRole('button', { name: ct(lang, 'thread.report') }).click();
  const dialog = page.getByRole('dialog', { name: ct(lang, 'report.title') });
  await expect(dialog.getByLabel(ct(lang, 'report.reason'))).toHaveValue('harassment');
  await dialog.getByLabel(new RegExp(ct(lang, 'report.details'))).fill('ስድብ ጽፎልኛል');
  await dialog.getByRole('button', { name: ct(lang, 'report.submit') }).click();
  await expect(dialog.getByText(ct(lang, 'report.successTitle'))).toBeVisible();
  await dialog.getByRole('button', { name: tr(lang, 'common:actions.continue') }).click();
  await expect(dialog).toBeHidden();
});
