import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { registerServiceWorker } from '@/lib/service-worker';
import { createTestI18n } from '@/test/i18n';
import { UpdatePrompt } from './update-prompt';

/** A browser whose service worker registration holds `waiting`, controlled or not yet. */
function fakeServiceWorker(controlled: boolean) {
  const waiting = { state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() };
  const registration = { waiting, installing: null, addEventListener: vi.fn() };
  const serviceWorker = {
    controller: controlled ? {} : null,
    register: vi.fn().mockResolvedValue(registration),
    addEventListener: vi.fn(),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker }));
  return { serviceWorker, waiting };
}

async function start(lng: 'en' | 'am' = 'en') {
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <UpdatePrompt />
    </I18nextProvider>,
  );
  registerServiceWorker();
  await act(async () => {
    window.dispatchEvent(new Event('load'));
    await Promise.resolve();
  });
}

describe('UpdatePrompt', () => {
  it('offers a waiting new version, which takes over only when asked', async () => {
    const { serviceWorker, waiting } = fakeServiceWorker(true);
    await start();
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    await screen.findByText('A new version of Betoch is ready.');
    expect(waiting.postMessage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith('skip-waiting');
  });

  it('says it in Amharic too', async () => {
    fakeServiceWorker(true);
    await start('am');
    await screen.findByRole('button', { name: 'እንደገና ጫን' });
  });

  it('stays quiet on the first install (no version running yet)', async () => {
    const { serviceWorker } = fakeServiceWorker(false);
    await start();
    expect(serviceWorker.register).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
