import type { Page } from '@playwright/test';

export interface AcceptedDialog {
  type: string;
  message: string;
}

/**
 * Accepts the next alert or confirm the page opens, the moment it opens, and answers its type and
 * text. Register it BEFORE the click that opens it, and await it AFTER the click. A window.alert
 * blocks the page: when the answer behind a click comes back fast, the dialog opens before Chromium
 * has acknowledged the click's mouse-up, so the click does not return until the dialog is handled.
 * Awaiting the click first and only then handling the dialog (page.waitForEvent('dialog')) is a
 * deadlock that only the test timeout ends.
 */
export function acceptNextDialog(page: Page): Promise<AcceptedDialog> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() };
      dialog.accept().then(() => resolve(seen), reject);
    });
  });
}
