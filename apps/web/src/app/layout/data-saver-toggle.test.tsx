import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { DATA_SAVER_KEY, syncDataSaverCookie } from '@/lib/data-saver';
import { createTestI18n } from '@/test/i18n';
import { DataSaverToggle } from './data-saver-toggle';

describe('DataSaverToggle', () => {
  it.each([
    ['en', 'Data saver'],
    ['am', 'ዳታ ቆጣቢ'],
  ] as const)('is a toggle button a keyboard can use, remembered on the device (%s)', async (lng, name) => {
    const show = () =>
      render(
        <I18nextProvider i18n={createTestI18n(lng)}>
          <DataSaverToggle />
        </I18nextProvider>,
      );
    const { unmount } = show();
    const toggle = screen.getByRole('button', { name });
    expect(toggle).toHaveProperty('ariaPressed', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    screen.getByRole('button', { name, pressed: true });
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('1');
    // The server learns it too, and names no photo to fetch early (docs/performance.md).
    expect(document.cookie).toContain('betoch_ds=1');
    unmount();
    show();
    screen.getByRole('button', { name, pressed: true });
    await userEvent.click(screen.getByRole('button', { name }));
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('0');
    expect(document.cookie).toContain('betoch_ds=0');
  });

  it('copies a choice made before the cookie existed into it at start', () => {
    document.cookie = 'betoch_ds=; max-age=0; path=/';
    localStorage.setItem(DATA_SAVER_KEY, '1');
    syncDataSaverCookie();
    expect(document.cookie).toContain('betoch_ds=1');
  });
});
