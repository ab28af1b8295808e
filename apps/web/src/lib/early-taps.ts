import type { BootElement } from './boot-script';
import { loadSession } from './session-storage';

/*
 * The boot script of a drawn page (./boot-script.ts) keeps the controls pressed before React took
 * them over in `q`, and calls `r` (set here) when it holds another.
 */

/** How long a held control may wait for its part of the page to hydrate (its code to come). */
const WAIT_MS = 15_000;
const POLL_MS = 50;

/**
 * Whether React has taken over the element: it keeps the element's props on it once its part of
 * the page is hydrated (a lazy part, such as a listing's contact panel, hydrates after the rest,
 * when its code has come). A press on an element not taken over yet would be the browser's alone.
 * The boot script reads the same mark.
 */
function live(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Live, and pressable: a form's button may still be disabled for a moment after its part is
 * hydrated, until the form's state has read the text typed before (lib/typed-early.ts).
 */
function ready(element: Element): boolean {
  return live(element) && !(element instanceof HTMLButtonElement && element.disabled);
}

/**
 * A held link (marked `data-tap`, held because a session is stored on the phone) waits for the
 * signed-in person's control that takes its place once the app knows the session (which may first
 * need the account's own answers); it is followed only once no session is stored any more (the
 * app dropped an ended one), or past WAIT_MS.
 */
function sessionStored(): boolean {
  return loadSession().token !== null;
}

/**
 * The control to press for a held one: itself, or the control that took its place, named by the
 * same `data-tap` (the visitor's 'Unlock phone number' link, drawn by the server, becomes the
 * signed-in person's button once the app knows the session). Null when the app no longer shows it.
 */
function controlFor(held: Element): Element | null {
  if (held.isConnected) return held;
  const name = held.getAttribute('data-tap');
  return name ? document.querySelector(`[data-tap="${CSS.escape(name)}"]`) : null;
}

function press(held: Element, control: Element | null): void {
  held.removeAttribute('aria-busy');
  if (!control?.isConnected) return;
  control.removeAttribute('aria-busy');
  if (control instanceof HTMLFormElement) control.requestSubmit();
  else if (control instanceof HTMLElement) control.click();
}

/**
 * Presses again, once the app is live, every button pressed (and every form sent) while its part
 * of the page was still the server's HTML: the boot script held them, marked them busy and asked
 * for the code at once, so a tap made as soon as the control showed takes effect instead of being
 * lost. Each is pressed once, in order, when its part of the page is hydrated (or, past WAIT_MS,
 * left to the browser: a form then goes to its action, as without JavaScript); a control the app
 * no longer shows is dropped.
 */
export function replayEarlyTaps(): void {
  const boot = document.querySelector<BootElement>('script[data-boot]');
  if (!boot) return;
  const held = (boot.q ??= []);
  let since = Date.now();
  let waiting: ReturnType<typeof setTimeout> | undefined;
  // A control is pressed on the poll after the one that found it ready: the effects of the commit
  // that made it ready (a field's text read into state) have then run.
  let seenReady: Element | undefined;
  const pressable = (control: Element): boolean => ready(control) && !(control instanceof HTMLAnchorElement && sessionStored());
  const next = (): void => {
    waiting = undefined;
    while (held.length > 0) {
      const first = held[0]!;
      const control = controlFor(first);
      // A control named by `data-tap` may be missing a moment (its part of the page drawn again
      // for the signed-in person, first in its loading state): it is waited for, as a held one.
      const due = (!control && !first.hasAttribute('data-tap')) || Date.now() - since > WAIT_MS;
      const now = control !== null && pressable(control);
      if (!due && !now) seenReady = undefined;
      if (!due && seenReady !== control) {
        if (now) seenReady = control;
        break;
      }
      press(held.shift()!, control);
      seenReady = undefined;
      since = Date.now();
    }
    if (held.length > 0) waiting = setTimeout(next, POLL_MS);
  };
  boot.r = () => {
    if (waiting === undefined) {
      since = Date.now();
      waiting = setTimeout(next, 0);
    }
  };
  next();
}
