import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { startInLanguage } from './support/auth';
import type { Lang } from './support/i18n';
import { PERSONAS, startAs, visitEveryScreen } from './support/screens';

/**
 * Accessibility: axe-core finds no WCAG 2.1 A/AA violation (label in name included) on any screen of the route
 * table (apps/web/src/app/routes.tsx; the table of screens per persona is e2e/support/screens.ts),
 * signed out and as tenant, landlord, broker and admin, in English and Amharic. Every route is
 * scanned at least once per language; each screen waits until its data has loaded (no aria-busy,
 * no skeleton) so the scan sees what a person sees.
 *
 * A failure lists every violation with its rule, impact, help text and the elements.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Label in name (WCAG 2.5.3): a control's accessible name contains the words it shows, so a voice
// user can say what they see. axe keeps this rule among its experimental ones: asked for by name.
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

async function scan(page: Page, label: string): Promise<string[]> {
  // options() replaces every option set before it: it comes first, then the tags to run.
  const results = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}`)
        .join('\n'),
  );
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of PERSONAS) {
    test(`axe finds no WCAG 2.1 AA violation: ${persona}, ${lang}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids = await startAs(page, request, persona, lang);
      const violations: string[] = [];
      await visitEveryScreen(
        page,
        persona,
        lang,
        ids,
        async (label) => {
          violations.push(...(await scan(page, label)));
        },
        { steps: true },
      );
      expect(violations, violations.join('\n')).toEqual([]);
    });
  }
}
