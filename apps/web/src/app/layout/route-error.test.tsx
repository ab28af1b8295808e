import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { Suspense } from 'react';
import { lazyModulePage } from '../lazy-page';
import { RouteErrorBoundary } from '../route-error-boundary';
import { isStaleCodeError, page, shouldReloadForNewVersion } from './route-error';

/** A page whose code fails to load, as the app's routes draw it (app/routes.tsx). */
function failingRoute(message: string) {
  const Failing = lazyModulePage('src/features/wallet/components/wallet-page.tsx', async () => {
    throw new TypeError(message);
  });
  return [
    {
      path: '/wallet',
      element: (
        <RouteErrorBoundary locationKey="/wallet">
          <Suspense fallback={null}>
            <Failing />
          </Suspense>
        </RouteErrorBoundary>
      ),
    },
  ];
}

describe('route errors', () => {
  it('recognises code that disappeared with an update', () => {
    expect(isStaleCodeError(new TypeError('Failed to fetch dynamically imported module: /assets/wallet-1.js'))).toBe(true);
    expect(isStaleCodeError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isStaleCodeError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleCodeError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads at most once in a short while', () => {
    sessionStorage.clear();
    expect(shouldReloadForNewVersion(1_000_000)).toBe(true);
    expect(shouldReloadForNewVersion(1_010_000)).toBe(false);
    expect(shouldReloadForNewVersion(1_040_000)).toBe(true);
  });

  it('a page whose code is gone reloads the app once to get the new version', async () => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    renderApp({ routes: failingRoute('Failed to fetch dynamically imported module: /assets/wallet-1.js'), path: '/wallet' });
    await screen.findByRole('heading', { name: 'This page could not be shown.' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('any other failure shows a translated message with Try again, and does not reload by itself', async () => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    renderApp({ routes: failingRoute('x is undefined'), path: '/wallet', lng: 'am' });
    await screen.findByRole('heading', { name: 'ይህን ገጽ ማሳየት አልተቻለም።' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reload).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'እንደገና ይሞክሩ' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'ወደ መነሻ ገጽ' }).getAttribute('href')).toBe('/');
  });
});
