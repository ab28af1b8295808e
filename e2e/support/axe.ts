import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG levels every screen is scanned against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Label in name (WCAG 2.5.3): a control's accessible name contains the words it shows, so a voice
// user can say what they see. axe keeps this rule among its experimental ones: asked for by name.
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * axe-core's WCAG 2.1 A/AA violations (label in name included) on the page as it is, each with its
 * rule, impact, help text and up to five elements, prefixed by `label` (the screen).
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
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
