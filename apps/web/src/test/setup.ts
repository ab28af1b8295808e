import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installDialogPolyfill } from './dialog-polyfill';

// The machine is shared by several test runs at once: give findBy/waitFor, and a whole journey
// through a page, room before failing.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

installDialogPolyfill();
