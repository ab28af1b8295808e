import { test, expect } from '../support/fixtures';
import { openAccountMenu, startInLanguage } from '../support/auth';
import { tr, type Lang } from '../support/i18n';
import { PERSONAS, startAs, visitEveryScreen } from '../support/screens';

/**
 * A screenshot tour of every screen of the route table (e2e/support/screens.ts), signed out and as
 * each role (admin: every tab), at 360x800, in English and Amharic, plus the account menu and the
 * listing's dialogs; for a person to read side by side (not asserted pixel by pixel). Run with:
 *   SCREENSHOTS=1 npx playwright test e2e/screens/every-screen.spec.ts
 * The pictures land in screenshots/every-screen/ (not committed), named language-persona-route.
 */
const slug = (label: string) =>
  label
    .replace(/\[.*?\]/g, '')
    .replace(/\/l\/[0-9a-f-]{36}/, '/l')
    .replace(/\/chat\/[0-9a-f-]{36}/, '/chat-id')
    .replace(/[^a-zA-Z0-9\u1200-\u137F]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of PERSONAS) {
    test(`every screen as ${persona} (${lang}) @screens`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids = await startAs(page, request, persona, lang);
      let n = 0;
      await visitEveryScreen(page, persona, lang, ids, async (label) => {
        n += 1;
        await page.screenshot({ path: `screenshots/every-screen/${lang}-${persona}-${String(n).padStart(2, '0')}-${slug(label)}.png`, fullPage: true });
      });
      if (persona !== 'signedOut') {
        await openAccountMenu(page);
        await page.screenshot({ path: `screenshots/every-screen/${lang}-${persona}-99-account-menu.png` });
      }
      if (persona === 'tenant') {
        await page.goto(`/l/${ids.listing}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        for (const [name, opener] of [
          ['report', 'listings:report.open'],
          ['safety', 'listings:safety.link'],
        ] as const) {
          await page.getByRole('button', { name: tr(lang, opener) }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.screenshot({ path: `screenshots/every-screen/${lang}-${persona}-98-dialog-${name}.png` });
          await page.keyboard.press('Escape');
        }
      }
    });
  }
}
