import { test, expect } from './support/fixtures';
import { openAccountMenu, startInLanguage } from './support/auth';
import { axeViolations } from './support/axe';
import type { Lang } from './support/i18n';
import { coveredControls, languageSwitchProblems, truncatedTopBarLabels } from './support/layout';
import { MOTION_LIMIT_MS, motion } from './support/motion';
import { PERSONAS, startAs, visitEveryScreen } from './support/screens';
import { MIN, smallTargets } from './support/touch-targets';

/**
 * Every screen of the route table (e2e/support/screens.ts), with its steps (signup steps 2 and 3,
 * the welcome wizard's steps) and each admin tab, signed out and as tenant, landlord, broker and
 * admin, at 360 x 800, in English and Amharic, once settled (its heading, nothing loading):
 * - accessibility: axe-core finds no WCAG 2.1 A/AA violation, label in name included;
 * - touch targets are at least 44 x 44 CSS px, the account menu's items too
 *   (what counts and the inline-link exemption: e2e/support/touch-targets.ts);
 * - no visible control is covered by another element where a tap lands, once brought into view;
 *   the language switch is visible and at hand where the page opens; no top-bar label is cut or
 *   pushed off the screen (e2e/support/layout.ts);
 * - with reduced motion asked for, nothing moves for longer than 10 ms (e2e/support/motion.ts;
 *   the moving parts caught while they move are in e2e/reduced-motion.spec.ts).
 * One visit per screen serves all four checks. A failure lists every problem with its check and screen.
 */
for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of PERSONAS) {
    test(`every screen: no WCAG 2.1 AA violation, ${MIN} px targets, nothing covered, the language at hand, nothing moves: ${persona}, ${lang}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids = await startAs(page, request, persona, lang);
      const failures: string[] = [];
      let screens = 0;
      const touchTargets = async (label: string) => {
        for (const s of await smallTargets(page)) failures.push(`touch target: ${label}: ${s.what} "${s.text}" is ${s.width} x ${s.height}`);
      };
      const check = async (label: string) => {
        screens += 1;
        // Motion first, while the screen is as it settled; covered controls last (it scrolls).
        for (const m of await motion(page)) failures.push(`moves over ${MOTION_LIMIT_MS} ms: ${label}: ${m}`);
        for (const p of await languageSwitchProblems(page, lang)) failures.push(`language: ${label}: ${p}`);
        for (const p of await truncatedTopBarLabels(page, lang)) failures.push(`top bar: ${label}: ${p}`);
        failures.push(...(await axeViolations(page, `axe: ${label}`)));
        await touchTargets(label);
        for (const p of await coveredControls(page)) failures.push(`covered: ${label}: ${p}`);
      };
      await visitEveryScreen(page, persona, lang, ids, check, { steps: true });
      if (persona !== 'signedOut') {
        await openAccountMenu(page);
        await touchTargets(`account menu [${persona}, ${lang}]`);
      }
      expect(screens).toBeGreaterThan(0);
      expect(failures, `${failures.length} problems:\n${failures.join('\n')}`).toEqual([]);
    });
  }
}
