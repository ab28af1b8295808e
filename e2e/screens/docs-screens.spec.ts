import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from '../support/auth';
import { tr, type Lang } from '../support/i18n';
import { firstLiveListing, settle } from '../support/screens';

/**
 * The pictures of the README: the first screen (360 x 800, what a phone shows before scrolling) of
 * /browse, /l/{id}, /wallet and the first step of the posting form of an owner, in English and
 * Amharic, as small WebP files in docs/screens/. Run after a change to those screens:
 *   SCREENSHOTS=1 npx playwright test e2e/screens/docs-screens.spec.ts
 */
const OUT = path.join(import.meta.dirname, '..', '..', 'docs', 'screens');

/** Writes the page's first screen as WebP, encoded by the browser itself (no image library). */
async function keep(page: Page, name: string): Promise<void> {
  const png = (await page.screenshot()).toString('base64');
  const encoder = await page.context().newPage();
  const webp = await encoder.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.62).split(',')[1]!;
  }, png);
  await encoder.close();
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, `${name}.webp`), Buffer.from(webp, 'base64'));
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`README screens (${lang}) @screens`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startInLanguage(page, lang);
    const listing = await firstLiveListing(request);

    await page.goto('/browse');
    await settle(page);
    await keep(page, `${lang}-browse`);

    await page.goto(`/l/${listing}`);
    await settle(page);
    await keep(page, `${lang}-listing`);

    const tenant = await apiSignUp(request, { role: 'tenant', name: lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye' });
    await storeSession(page, tenant, '/wallet');
    await settle(page);
    await keep(page, `${lang}-wallet`);

    const landlord = await apiSignUp(request, { role: 'landlord', name: lang === 'am' ? 'አበበ ከበደ' : 'Abebe Kebede' });
    await storeSession(page, landlord, '/post/owner');
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'landlord:owner.title') })).toBeVisible();
    await keep(page, `${lang}-post-step-1`);
  });
}
