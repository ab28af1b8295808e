import type { Page } from '@playwright/test';

/**
 * Touch targets of at least 44 x 44 CSS px (WCAG 2.5.5 AAA size, stricter than 2.5.8's
 * 24 px): the measurement shared by e2e/screen-checks.spec.ts (every screen) and
 * e2e/modals.spec.ts (every dialog).
 *
 * What counts as a target: every visible, enabled a[href], button, input (not hidden), select,
 * textarea, [role=button], summary, and label that wraps a control. A checkbox or radio inside a
 * label (or named by label[for]) is measured as its label, which is what a thumb presses.
 * Elements behind an open modal dialog (inert) and positioned outside the page are not targets.
 *
 * A target's size is its border box; a link that stretches a ::before/::after over its card
 * (position absolute, inset 0) is as large as that card.
 *
 * Exempt (WCAG 2.5.8 "inline"): a link (<a>) whose computed display is `inline` and whose nearest
 * block ancestor has letters outside the link: a link inside a sentence, whose height is set by
 * the line-height of the text around it. A link alone in its block, or a button, is never exempt.
 */
export const MIN = 44;

export interface SmallTarget {
  what: string;
  text: string;
  width: number;
  height: number;
}

/** Measures every target on the page; answers those under MIN in either direction. */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary, label';
    const CONTROL = 'input:not([type="hidden"]), select, textarea';
    const openModal = Array.from(document.querySelectorAll('dialog')).find((d) => d.open && d.matches(':modal'));
    const seen = new Set<Element>();
    const out: { what: string; text: string; width: number; height: number }[] = [];

    const isInlineLinkInText = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block: Element | null = el.parentElement;
      while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement;
      if (!block) return false;
      let outside = '';
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!el.contains(node)) outside += node.textContent ?? '';
      return /\p{L}/u.test(outside);
    };

    /** The box a thumb can press: the element's, or the card its stretched pseudo-element covers. */
    const targetBox = (el: Element): { width: number; height: number } => {
      const r = el.getBoundingClientRect();
      let width = r.width;
      let height = r.height;
      for (const pseudo of ['::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        if (s.content === 'none' || s.position !== 'absolute') continue;
        if (![s.top, s.right, s.bottom, s.left].every((v) => v === '0px')) continue;
        let holder: Element | null = el.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder) {
          const h = holder.getBoundingClientRect();
          width = Math.max(width, h.width);
          height = Math.max(height, h.height);
        }
      }
      return { width, height };
    };

    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const type = el.getAttribute('type');
      const role = el.getAttribute('role');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      return `<${tag}${type ? ` type=${type}` : ''}${role ? ` role=${role}` : ''}>${cls}`;
    };

    for (let el of Array.from(document.querySelectorAll(SELECTOR))) {
      // A label counts only when it wraps a control; a checkbox or radio is measured as its label.
      if (el.tagName === 'LABEL' && !el.querySelector(CONTROL)) continue;
      if (el.matches(CONTROL)) {
        const wrapping = el.closest('label');
        if (wrapping) continue; // measured as the label
        const input = el as HTMLInputElement;
        if ((input.type === 'checkbox' || input.type === 'radio') && input.labels?.length) el = input.labels[0]!;
      }
      if (seen.has(el)) continue;
      seen.add(el);
      if ((el as HTMLButtonElement).disabled) continue;
      if (el.closest('[inert]') || (openModal && !openModal.contains(el))) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.bottom + window.scrollY <= 0 || rect.right + window.scrollX <= 0) continue; // off the page (skip link)
      if (isInlineLinkInText(el)) continue;
      const box = targetBox(el);
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
        out.push({ what: describe(el), text, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
      }
    }
    return out;
  }, MIN);
}
