import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, readDemoCode, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { formatLocal, randomPhone } from './support/phones';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const photo = (name: string) => path.join(FIXTURES, name);
const ROOMS = ['room-1.jpg', 'room-2.jpg', 'room-3.jpg', 'room-4.png'].map(photo);

/** One of the photo cards of the photo manager, by its position (1-based). */
function photoCard(page: Page, n: number) {
  return page.locator('li[data-photo-id]').nth(n - 1);
}

/** Step 1 and 2 of the wizard: a condominium in Lideta with 3 bedrooms for 16,500 birr. */
async function fillPropertyAndPrice(page: Page, lang: Lang) {
  const t = (key: string) => tr(lang, `landlord:${key}`);
  await page
    .getByRole('group', { name: t('wizard.propertyType') })
    .getByText(t('types.condominium'), { exact: true })
    .click();
  await page.getByLabel(t('wizard.location')).selectOption('Lideta');
  await page.getByLabel(t('wizard.specificLocation')).fill('Behind Lideta market');
  await page
    .getByRole('group', { name: t('wizard.bedrooms') })
    .getByText('3', { exact: true })
    .click();
  await page.getByLabel(t('wizard.description')).fill('Third floor condominium with a lift, water tank and a guard. Close to the light rail.');
  await page.getByRole('button', { name: t('wizard.next') }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(t('steps.pricing')) })).toBeVisible();
  await page.getByLabel(t('wizard.price')).fill('16,500');
  await page.getByRole('button', { name: t('wizard.next') }).click();
}

test('a landlord posts through the welcome wizard from signed out to /landlord/success and finds the listing in /browse', async ({ page }) => {
  const lang = 'en';
  await startInLanguage(page, lang);
  await page.goto('/landlord/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Rent out your home in Addis, free' })).toBeVisible();
  // No top bar on this page: only the floating language switcher.
  await expect(page.getByRole('link', { name: 'Browse' })).toHaveCount(0);

  const steps = page.getByRole('navigation', { name: 'Posting steps' });
  await expect(steps.getByRole('button', { name: /Property info/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Next on an empty first step shows the spec's texts and stays.
  await page.getByRole('button', { name: 'Next' }).click();
  for (const text of ['Property type is required', 'Location/subcity is required', 'Valid bedroom count is required', 'Property description is required']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await fillPropertyAndPrice(page, lang);

  // Photos: three pictures and a file that is not one.
  await expect(steps.getByRole('button', { name: /Photos/ })).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Add photos', { exact: true }).setInputFiles([...ROOMS.slice(0, 3), photo('lease.txt')]);
  await expect(page.getByText('lease.txt is not an image. Choose a JPG or PNG photo.')).toBeVisible();
  await expect(page.locator('li[data-photo-id]')).toHaveCount(3);
  await expect(photoCard(page, 1).getByText('Primary')).toBeVisible();
  // Signed out, nothing can be sent yet: the photos wait for publishing.
  await expect(photoCard(page, 1).getByText('Uploads when you publish')).toBeVisible();
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Contact: the name is required before going on.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Your name').fill('Meron Alemu');
  await page.getByRole('button', { name: 'Next' }).click();

  // Review, then the phone: send code is disabled without a phone, verify without a code.
  await expect(page.getByText('Condominium in Lideta')).toBeVisible();
  await expect(page.getByText('16,500 ETB / month')).toBeVisible();
  const sendCode = page.getByRole('button', { name: 'Send code' });
  await expect(sendCode).toBeDisabled();
  const phone = randomPhone();
  await page.getByLabel('Phone number').fill(formatLocal(phone));
  await sendCode.click();
  const code = await readDemoCode(page);
  const publish = page.getByRole('button', { name: 'Verify & publish' }).last();
  await expect(publish).toBeDisabled();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('checkbox', { name: 'I accept the Terms and the Privacy notice' }).check();

  // A new phone: login answers user_not_found, the wizard signs up and publishes. A second click is ignored.
  await publish.dblclick();
  await expect(page).toHaveURL(/\/landlord\/success$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your property is live' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Properties' })).toHaveAttribute('href', '/my-listings');
  await expect(page.getByRole('link', { name: 'Add Another Property' })).toHaveAttribute('href', '/landlord/welcome');
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('landlord');

  // Exactly one listing was made, live, with the photos in the chosen order.
  const mine = await page.evaluate(async () => {
    const res = await fetch('/api/listings/my-listings', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await res.json()) as { listings: { title: string; type: string; bedrooms: number; price_etb: number; visibility: string; photos: unknown[] }[] };
  });
  expect(mine.listings).toHaveLength(1);
  expect(mine.listings[0]).toMatchObject({ title: 'Condominium in Lideta', type: 'condo', bedrooms: 3, price_etb: 16500, visibility: 'live' });
  expect(mine.listings[0]!.photos).toHaveLength(3);

  await page.getByRole('link', { name: 'View Your Listing' }).click();
  await expect(page).toHaveURL(/\/browse/);
  await expect(page.getByText('Condominium in Lideta').first()).toBeVisible();
});

test('an owner posts through /post/owner with 3 photos and lands on the listing (Amharic)', async ({ page, request }) => {
  const lang = 'am';
  const t = (key: string, vars?: Record<string, string | number>) => tr(lang, `landlord:${key}`, vars);
  const session = await apiSignUp(request, { role: 'tenant', name: 'ሄለን ታደሰ' });
  await startInLanguage(page, lang);
  await storeSession(page, session, '/post/owner');
  await expect(page.getByRole('heading', { level: 1, name: t('owner.title') })).toBeVisible();
  const publish = page.getByRole('button', { name: t('owner.publish'), exact: true });
  await expect(publish).toBeDisabled();
  // No draft yet: photos cannot be added.
  await expect(page.getByLabel(t('photos.add'), { exact: true })).toBeDisabled();

  // The draft form's texts, in Amharic.
  await page.getByRole('button', { name: t('owner.createDraft') }).click();
  for (const key of ['titleRequired', 'descriptionRequired', 'typeRequired', 'priceInvalid', 'subcityRequired']) {
    await expect(page.getByText(t(`draft.errors.${key}`), { exact: true })).toBeVisible();
  }
  await page.getByLabel(t('draft.title'), { exact: true }).fill('ቦሌ መድኃኔዓለም አጠገብ ባለ 2 መኝታ አፓርትመንት');
  await page.getByLabel(t('wizard.propertyType')).selectOption('apartment');
  await page.getByLabel(t('draft.subcity'), { exact: true }).selectOption('Bole');
  await page.getByLabel(t('draft.price')).fill('24000');
  await page.getByLabel(new RegExp(t('wizard.bedrooms'))).fill('21');
  await page.getByLabel(t('wizard.description')).fill('ሁለተኛ ፎቅ፣ ውሃ ሁል ጊዜ አለ፣ የመኪና ማቆሚያ አለው።');
  await page.getByRole('button', { name: t('owner.createDraft') }).click();
  await expect(page.getByText(t('draft.errors.bedroomsRange'))).toBeVisible();
  await page.getByLabel(new RegExp(t('wizard.bedrooms'))).fill('2');
  await page.getByRole('button', { name: t('owner.createDraft') }).click();

  // Draft created: its id goes into the address, photos open up, publish waits for 3 photos.
  await expect(page).toHaveURL(/\/post\/owner\?edit=/);
  await expect(page.getByText(t('owner.draftCreated'))).toBeVisible();
  const addPhotos = page.getByLabel(t('photos.add'), { exact: true });
  await addPhotos.setInputFiles(ROOMS.slice(0, 2));
  await expect(page.locator('li[data-photo-id]').getByText(t('photos.uploaded'), { exact: true })).toHaveCount(2);
  await expect(publish).toBeDisabled();
  await addPhotos.setInputFiles([ROOMS[2]!]);
  await expect(page.locator('li[data-photo-id]').getByText(t('photos.uploaded'), { exact: true })).toHaveCount(3);
  await expect(photoCard(page, 1).getByText(t('photos.primary'))).toBeVisible();
  await expect(publish).toBeEnabled();
  await publish.click();

  await expect(page).toHaveURL(/\/l\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'ቦሌ መድኃኔዓለም አጠገብ ባለ 2 መኝታ አፓርትመንት' })).toBeVisible();
  // Posting made the tenant a landlord.
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('landlord');

  // Editing keeps the listing live and its photos editable.
  const id = page.url().split('/l/')[1]!;
  await page.goto(`/post/owner?edit=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: t('owner.editTitle') })).toBeVisible();
  await expect(page.locator('li[data-photo-id]')).toHaveCount(3);
  await page.getByRole('button', { name: t('photos.moveEarlier', { n: 3 }) }).click();
  await page.getByRole('button', { name: t('owner.savePhotos') }).click();
  await expect(page.getByText(t('owner.photosSaved'))).toBeVisible();
  await expect(page.getByText(t('owner.isLive'))).toBeVisible();
});

test('a photo that fails to upload is retried alone; the others and the form stay', async ({ page, request }) => {
  const session = await apiSignUp(request, { role: 'landlord', name: 'Yonas Bekele' });
  await startInLanguage(page, 'en');
  // The second photo's first upload loses its connection.
  let dropped = false;
  await page.route('**/api/uploads', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    if (!dropped && body.includes('filename="room-2.jpg"')) {
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await storeSession(page, session, '/post/owner');
  await page.getByLabel('Title', { exact: true }).fill('Villa with garden in Gullele');
  await page.getByLabel('Property type').selectOption('villa');
  await page.getByLabel('Subcity', { exact: true }).selectOption('Gullele');
  await page.getByLabel('Monthly rent (ETB)').fill('65000');
  await page.getByLabel('Description').fill('Four bedrooms, big garden, servant quarter.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/edit=/);

  await page.getByLabel('Add photos', { exact: true }).setInputFiles(ROOMS);
  const failed = photoCard(page, 2);
  await expect(failed.getByText('Upload failed')).toBeVisible();
  await expect(failed.getByText('Network error. Check your connection and try again.')).toBeVisible();
  for (const n of [1, 3, 4]) await expect(photoCard(page, n).getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByText('Retry or remove the photos that failed before publishing.')).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  // The form kept what was typed.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Villa with garden in Gullele');

  await page.getByRole('button', { name: 'Retry photo 2' }).click();
  await expect(failed.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.locator('li[data-photo-id]')).toHaveCount(4);
  await expect(publish).toBeEnabled();

  // The limit of 8: 4 more are taken, the rest dropped with the spec's alert.
  await page.getByLabel('Add photos', { exact: true }).setInputFiles([...ROOMS, ...ROOMS.slice(0, 2)]);
  await expect(page.getByText('Only 4 more photos can be added.')).toBeVisible();
  await expect(page.locator('li[data-photo-id]')).toHaveCount(8);
  await expect(page.getByLabel('Add photos', { exact: true })).toBeDisabled();
  await expect(page.locator('li[data-photo-id]').getByText('Uploaded', { exact: true })).toHaveCount(8);
});

test('the broker page and the welcome pages route people the spec way', async ({ page, request }) => {
  await startInLanguage(page, 'en');
  // Signed out: /post-property goes to /landlord (then the welcome page), /post/delala to /login.
  await page.goto('/post-property');
  await expect(page).toHaveURL(/\/landlord\/welcome$/);
  await page.goto('/post/delala');
  await expect(page).toHaveURL(/\/login$/);

  // A plan on /delala/welcome: signup with the plan when signed out...
  await page.goto('/delala/welcome');
  await expect(page.getByText('BEST VALUE')).toBeVisible();
  await page.getByRole('link', { name: 'Choose plan: Unlimited Monthly' }).click();
  await expect(page).toHaveURL(/\/signup\?role=delala&plan=post_subscription_delala_unlimited$/);
  expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({
    role: 'delala',
    selectedPlan: 'post_subscription_delala_unlimited',
    planName: 'Unlimited Monthly',
    from: '/delala/welcome',
  });

  // ...the wallet with the plan highlighted for a signed-in broker, whose publish needs credits.
  const broker = await apiSignUp(request, { role: 'delala', name: 'Dawit Broker' });
  await storeSession(page, broker, '/delala/welcome');
  await page.getByRole('link', { name: 'Choose plan: Single Post' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({ highlightSku: 'post_credit_1' });
});

for (const lang of ['en', 'am'] as const) {
  test(`${lang}: a broker with no post credits is warned first, buys one from the page and publishes the same draft`, async ({ page, request }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    // A counted text in the language's plural form (Amharic says 0 in the singular).
    const counted = (key: string, count: number) => t(`${key}_${new Intl.PluralRules(lang).select(count)}`, { count });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await startInLanguage(page, lang);
    const broker = await apiSignUp(request, { role: 'delala', name: 'Dawit Broker' });
    await storeSession(page, broker, '/post/delala');

    // The balance and the warning come first, before anything is filled in.
    await expect(page.getByRole('heading', { level: 1, name: t('delala:post.title') })).toBeVisible();
    await expect(page.getByText(counted('delala:post.credits', 0))).toBeVisible();
    await expect(page.getByText(t('delala:post.noCredits'))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`delala-no-credits-${lang}.png`) });

    await fillPropertyAndPrice(page, lang);
    await page.getByLabel(tr(lang, 'landlord:photos.add'), { exact: true }).setInputFiles([ROOMS[0]!, ROOMS[1]!]);
    await expect(page.locator('li[data-photo-id]').getByText(tr(lang, 'landlord:photos.uploaded'), { exact: true })).toHaveCount(2);
    await page.getByRole('button', { name: tr(lang, 'landlord:wizard.next') }).click();
    await page.getByRole('button', { name: tr(lang, 'landlord:wizard.next') }).click();
    await page.getByRole('button', { name: tr(lang, 'landlord:wizard.publish') }).click();
    await expect(page.getByText(tr(lang, 'landlord:errors.needPostCredits'))).toBeVisible();

    // Buying from the failed publish carries this page (and its draft) through /wallet and back.
    await page
      .getByRole('link', { name: tr(lang, 'landlord:errors.buyCredits') })
      .last()
      .click();
    await expect(page).toHaveURL(/\/wallet$/);
    await page.locator('li[data-sku="post_credit_1"]').getByRole('button').click();
    await expect(page).toHaveURL(/\/post\/delala\?draft=/);
    await expect(page.getByText(t('delala:post.resumed'))).toBeVisible();
    await expect(page.getByText(counted('delala:post.credits', 1))).toBeVisible();
    await expect(page.getByText(t('delala:post.noCredits'))).toHaveCount(0);
    // The same draft on its review step, with both photos.
    await expect(page.getByText(counted('landlord:review.photoCount', 2))).toBeVisible();
    await expect(page.locator('li[data-photo-id]')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath(`delala-resumed-${lang}.png`) });

    await page.getByRole('button', { name: tr(lang, 'landlord:wizard.publish') }).click();
    await expect(page).toHaveURL(/\/my-listings$/);
    expect(alerts.at(-1)).toBe(counted('delala:post.publishedCredits', 0));
    const mine = await request.get('/api/listings/my-listings', { headers: { authorization: `Bearer ${broker.token}` } });
    const body = (await mine.json()) as { listings: { source: string; visibility: string; photos: unknown[] }[] };
    // Exactly one listing: no hidden draft left behind.
    expect(body.listings).toEqual([expect.objectContaining({ source: 'delala', visibility: 'live', photos: [expect.anything(), expect.anything()] })]);

    // Reopening the page later starts afresh (nothing unfinished to continue).
    await page.goto('/post/delala');
    await expect(page.getByRole('heading', { level: 1, name: t('delala:post.title') })).toBeVisible();
    await expect(page.getByText(t('delala:post.resumed'))).toHaveCount(0);
  });
}
