import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { tr, type Lang } from './i18n';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * On a phone the /browse filters wait in a sheet behind the bar's 'Filters' button: opens it
 * unless it is open, and answers it.
 */
export async function filtersSheet(page: Page, lang: Lang): Promise<Locator> {
  const sheet = page.getByRole('dialog', { name: tr(lang, 'listings:filters.title') });
  if (!(await sheet.isVisible())) {
    await page.getByRole('button', { name: new RegExp(`^${escape(tr(lang, 'listings:filters.open'))}(?: |$)`) }).click();
    await expect(sheet).toBeVisible();
  }
  return sheet;
}
