import { test, expect } from './support/fixtures';
import { openAccountMenu, startInLanguage } from './support/auth';
import type { Lang } from './support/i18n';
import { PERSONAS, startAs, visitEveryScreen } from './support/screens';
import { MIN, smallTargets } from './support/touch-targets';

/**
 * Touch targets of at least 44 x 44 CSS px on every screen of the route table, signed out and as
 * each role, at 360 x 800, in English and Amharic; also with the account menu open, whose items
 * are targets too. What counts, how it is measured and the inline-link exemption:
 * e2e/support/touch-targets.ts. A failure lists every small target: screen, element, text, size.
 */
for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of PERSONAS) {
    test(`touch targets are at least ${MIN} x ${MIN} px: ${persona}, ${lang}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids = await startAs(page, request, persona, lang);
      const failures: string[] = [];
      const check = async (label: string) => {
        for (const s of await smallTargets(page)) failures.push(`${label}: ${s.what} "${s.text}" is ${s.width} x ${s.height}`);
      };
      await visitEveryScreen(page, persona, lang, ids, check, { steps: true });
      if (persona !== 'signedOut') {
        await openAccountMenu(page);
        await check(`account menu [${persona}, ${lang}]`);
      }
      expect(failures, `${failures.length} targets under ${MIN} x ${MIN} px:\n${failures.join('\n')}`).toEqual([]);
    });
  }
}
