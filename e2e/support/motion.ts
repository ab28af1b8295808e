import type { Page } from '@playwright/test';

/** With reduced motion asked for, nothing may move for longer than this. */
export const MOTION_LIMIT_MS = 10;

/**
 * Everything that moves longer than MOTION_LIMIT_MS on the page, described for a failure: a
 * running animation (document.getAnimations(), its active duration) or an element whose computed
 * transition or animation duration is over the limit.
 */
export async function motion(page: Page): Promise<string[]> {
  return page.evaluate((limit) => {
    const out: string[] = [];
    const name = (el: Element | null) => {
      if (!el) return '?';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      return `<${el.tagName.toLowerCase()}>${cls}`;
    };
    const seconds = (list: string) => Math.max(...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v))));
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      const timing = animation.effect?.getComputedTiming();
      const active = Number(timing?.activeDuration ?? 0);
      if (active > limit) {
        const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
        const label = (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? 'animation';
        out.push(`running ${label} on ${name(target)} for ${active === Infinity ? 'ever' : `${Math.round(active)} ms`}`);
      }
    }
    for (const el of Array.from(document.querySelectorAll('*'))) {
      const style = getComputedStyle(el);
      const transition = seconds(style.transitionDuration);
      if (transition > limit / 1000 && style.transitionProperty !== 'none')
        out.push(`transition ${style.transitionProperty} ${style.transitionDuration} on ${name(el)}`);
      if (style.animationName !== 'none' && seconds(style.animationDuration) > limit / 1000)
        out.push(`animation ${style.animationName} ${style.animationDuration} on ${name(el)}`);
    }
    return out;
  }, MOTION_LIMIT_MS);
}
