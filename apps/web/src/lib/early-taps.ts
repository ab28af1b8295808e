/**
 * The boot script of a drawn page (apps/api/src/plugins/server-render.ts) keeps the controls
 * pressed before React took them over in `q`, and calls `r` (set here) when it holds another.
 */
type BootScript = HTMLScriptElement & { q?: Element[]; r?: () => void };

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

function press(control: Element): void {
  control.removeAttribute('aria-busy');
  if (!control.isConnected) return;
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
  const boot = document.querySelector<BootScript>('script[data-boot]');
  if (!boot) return;
  const held = (boot.q ??= []);
  let since = Date.now();
  let waiting: ReturnType<typeof setTimeout> | undefined;
  // A control is pressed on the poll after the one that found it ready: the effects of the commit
  // that made it ready (a field's text read into state) have then run.
  let seenReady: Element | undefined;
  const next = (): void => {
    waiting = undefined;
    while (held.length > 0) {
      const first = held[0]!;
      const due = !first.isConnected || Date.now() - since > WAIT_MS;
      if (!due && !ready(first)) seenReady = undefined;
      if (!due && seenReady !== first) {
        if (ready(first)) seenReady = first;
        break;
      }
      press(held.shift()!);
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
