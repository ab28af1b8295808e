import type { Page } from '@playwright/test';
import { tr, type Lang } from './i18n';

/**
 * Layout checks shared by e2e/screen-checks.spec.ts:
 * - coveredControls: a visible control that another element covers, so a tap lands on the cover;
 * - languageSwitchProblems: the language switch cannot be seen or pressed where the page opens;
 * - truncatedTopBarLabels: a top-bar label cut short (ellipsis, clipped) or pushed off the screen.
 * Each answers a list of readable problems, empty when all is well.
 */

/**
 * Every visible, enabled control (a, button, input, select, textarea, [role=button], summary) is
 * hit-tested at its centre and four inner points (a quarter in from each side): the element at
 * each point must be the control, a descendant of it, or the label of the form control.
 * Two passes, then the page is scrolled back to the top:
 * 1. each control brought into view (centred, as far as the page scrolls) on its own;
 * 2. the page read from top to bottom, half a screen at a time: at each stop, every control wholly
 *    in view is tested. This finds what floats over the page (a fixed button at a corner) and
 *    covers a control as it passes. The only things allowed to cover a control passing by are
 *    full-width bars stuck to the top or bottom edge (the sticky top bar), and a control counts
 *    as wholly in view only between them.
 * Not controls here: elements behind an open modal dialog or inert, off the page (the skip link),
 * visually hidden (under 4 px, e.g. a native input drawn by its label).
 */
export async function coveredControls(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary';
    const openModal = Array.from(document.querySelectorAll('dialog')).find((d) => d.open && d.matches(':modal'));
    const describe = (el: Element | null): string => {
      if (!el) return 'nothing';
      const tag = el.tagName.toLowerCase();
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${tag}>${cls} "${text}"`;
    };
    const controls = Array.from(document.querySelectorAll<HTMLElement>(SELECTOR)).filter((el) => {
      if ((el as HTMLButtonElement).disabled) return false;
      if (el.closest('[inert]') || (openModal && !openModal.contains(el))) return false;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) return false;
      return !(r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0);
    });
    const pointsOf = (r: DOMRect): Array<[string, number, number]> => [
      ['centre', r.left + r.width / 2, r.top + r.height / 2],
      ['left', r.left + r.width / 4, r.top + r.height / 2],
      ['right', r.right - r.width / 4, r.top + r.height / 2],
      ['top', r.left + r.width / 2, r.top + r.height / 4],
      ['bottom', r.left + r.width / 2, r.bottom - r.height / 4],
    ];
    /** The first point where something else answers, or null. */
    const coverAt = (el: HTMLElement): string | null => {
      const labels = Array.from((el as HTMLInputElement).labels ?? []);
      const owns = (hit: Element | null) => Boolean(hit && (el.contains(hit) || labels.some((l) => l.contains(hit))));
      for (const [where, x, y] of pointsOf(el.getBoundingClientRect())) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return `cannot be brought into the screen (${where})`;
        const hit = document.elementFromPoint(x, y);
        if (!owns(hit)) return `is covered at its ${where} by ${describe(hit)}`;
      }
      return null;
    };
    const out = new Map<HTMLElement, string>();

    // 1. Each control in view on its own.
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const problem = coverAt(el);
      if (problem) out.set(el, `${describe(el)} ${problem} (brought into view)`);
    }

    // 2. The page read from top to bottom.
    const stuckBars = () => {
      let top = 0;
      let bottom = window.innerHeight;
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const position = getComputedStyle(el).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const r = el.getBoundingClientRect();
        if (r.width < window.innerWidth * 0.9 || r.height === 0) continue;
        if (r.top <= 1 && r.bottom < window.innerHeight / 2) top = Math.max(top, r.bottom);
        else if (r.bottom >= window.innerHeight - 1 && r.top > window.innerHeight / 2) bottom = Math.min(bottom, r.top);
      }
      return { top, bottom };
    };
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0, last = false; !last; y += window.innerHeight / 2) {
      if (y >= maxScroll) {
        y = Math.max(0, maxScroll);
        last = true;
      }
      window.scrollTo({ top: y, left: 0, behavior: 'instant' });
      const bars = stuckBars();
      for (const el of controls) {
        if (out.has(el) || el.closest('header')) continue;
        const r = el.getBoundingClientRect();
        if (r.top < bars.top || r.bottom > bars.bottom || r.left < 0 || r.right > window.innerWidth) continue;
        const problem = coverAt(el);
        if (problem) out.set(el, `${describe(el)} ${problem} (page scrolled to ${Math.round(y)} px)`);
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return [...out.values()];
  });
  return [...new Set(found)];
}

/**
 * The language switch as the page opens (scrolled to the top): a group named 'Language' holds a
 * link to the language not in use (English / አማርኛ); that link is visible, wholly inside the
 * viewport, and the element at its centre is the link (nothing covers it).
 */
export async function languageSwitchProblems(page: Page, lang: Lang): Promise<string[]> {
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  const groupName = tr(lang, 'common:language.label');
  const other = lang === 'en' ? 'አማርኛ' : 'English';
  const groups = page.getByRole('group', { name: groupName, exact: true });
  const button = groups.getByRole('link', { name: other, exact: true }).filter({ visible: true });
  const count = await button.count();
  if (count === 0) return [`no visible '${other}' link in a '${groupName}' group`];
  const problems = await button.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const out: string[] = [];
    if (r.left < 0 || r.top < 0 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5) {
      out.push(`is outside the viewport (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) out.push(`is covered at its centre by <${hit?.tagName.toLowerCase() ?? 'nothing'}>`);
    return out;
  });
  return problems.map((p) => `the '${other}' link ${p}`);
}

/**
 * In the top bar (the banner landmark) and the language group: every element whose content is
 * wider than its box (scrollWidth > clientWidth: an ellipsis, a clipped label, a strip that
 * scrolls sideways to reach more items) and every link or button not wholly inside the viewport.
 */
export async function truncatedTopBarLabels(page: Page, lang: Lang): Promise<string[]> {
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  return page.evaluate(
    (groupName) => {
      const roots = [
        ...Array.from(document.querySelectorAll('header')).filter((el) => !el.closest('main')),
        ...Array.from(document.querySelectorAll('[role="group"]')).filter((el) => el.getAttribute('aria-label') === groupName),
      ];
      const out = new Set<string>();
      const describe = (el: Element): string => {
        const tag = el.tagName.toLowerCase();
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return `<${tag}>${cls} "${text}"`;
      };
      for (const root of roots) {
        for (const el of [root, ...Array.from(root.querySelectorAll('*'))] as HTMLElement[]) {
          if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
          if (el.closest('.visually-hidden')) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.bottom + window.scrollY <= 0) continue; // the skip link
          if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
            out.add(`${describe(el)} is cut: its content is ${el.scrollWidth} px wide in ${el.clientWidth} px`);
          }
          if (el.matches('a[href], button, [role="button"]') && (r.left < -0.5 || r.right > window.innerWidth + 0.5)) {
            out.add(`${describe(el)} is off the screen (${Math.round(r.left)} to ${Math.round(r.right)} of ${window.innerWidth})`);
          }
        }
      }
      return [...out];
    },
    tr(lang, 'common:language.label'),
  );
}
