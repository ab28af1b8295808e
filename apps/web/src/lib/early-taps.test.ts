import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps } from './early-taps';

/** The boot script's queue as a drawn page holds it (./boot-script.ts). */
function bootWith(held: Element[]): HTMLScriptElement & { q?: Element[]; r?: () => void } {
  const boot = Object.assign(document.createElement('script'), { q: held });
  boot.setAttribute('data-boot', '');
  document.body.append(boot);
  return boot;
}

/** As React marks an element it has taken over. */
function takeOver(element: Element): void {
  Object.assign(element, { __reactProps$test: {} });
}

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.useRealTimers();
});

describe('replayEarlyTaps', () => {
  it('presses a held button once React has taken it over and it is enabled, then lets it go', () => {
    vi.useFakeTimers();
    const button = document.createElement('button');
    button.setAttribute('aria-busy', 'true');
    button.disabled = true;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    document.body.append(button);
    const boot = bootWith([button]);

    replayEarlyTaps();
    vi.advanceTimersByTime(500);
    expect(clicks).not.toHaveBeenCalled();
    takeOver(button);
    vi.advanceTimersByTime(500);
    expect(clicks).not.toHaveBeenCalled(); // still disabled: its form has not read its field yet
    button.disabled = false;
    vi.advanceTimersByTime(200);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(boot.q).toEqual([]);
  });

  it('sends a held form, drops a control no longer shown, and takes one held later when told', () => {
    vi.useFakeTimers();
    const form = document.createElement('form');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    const gone = document.createElement('button');
    const goneClicks = vi.fn();
    gone.addEventListener('click', goneClicks);
    document.body.append(form);
    takeOver(form);
    const boot = bootWith([gone, form]);

    replayEarlyTaps();
    vi.advanceTimersByTime(200);
    expect(goneClicks).not.toHaveBeenCalled();
    expect(submitted).toHaveBeenCalledTimes(1);

    const later = document.createElement('button');
    const laterClicks = vi.fn();
    later.addEventListener('click', laterClicks);
    document.body.append(later);
    takeOver(later);
    boot.q!.push(later);
    boot.r!();
    vi.advanceTimersByTime(200);
    expect(laterClicks).toHaveBeenCalledTimes(1);
  });

  it("presses the signed-in person's control that took a held link's place (same data-tap), not the link", () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'signed-in');
    const link = document.createElement('a');
    link.href = '/login?from=/l/1';
    link.dataset.tap = 'unlock';
    link.setAttribute('aria-busy', 'true');
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);
    document.body.append(link);
    bootWith([link]);

    replayEarlyTaps();
    takeOver(link);
    vi.advanceTimersByTime(2000);
    expect(followed).not.toHaveBeenCalled(); // live, but the session is about to be shown
    const loading = document.createElement('p');
    link.replaceWith(loading);
    vi.advanceTimersByTime(1000); // its part drawn again, in its loading state: still held
    const button = document.createElement('button');
    button.dataset.tap = 'unlock';
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    loading.replaceWith(button);
    takeOver(button);
    vi.advanceTimersByTime(200);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(followed).not.toHaveBeenCalled();
    expect(link.hasAttribute('aria-busy')).toBe(false);
  });

  it('follows a held link once no session is stored any more (the app dropped an ended one)', () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'ended');
    const link = document.createElement('a');
    link.href = '/login?from=/l/1';
    link.dataset.tap = 'unlock';
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);
    document.body.append(link);
    takeOver(link);
    bootWith([link]);

    replayEarlyTaps();
    vi.advanceTimersByTime(3000);
    expect(followed).not.toHaveBeenCalled();
    localStorage.removeItem('token');
    vi.advanceTimersByTime(200);
    expect(followed).toHaveBeenCalledTimes(1);
  });
});
