import { createContext, useContext, useSyncExternalStore } from 'react';
import { DATA_SAVER_COOKIE } from '@betoch/contracts/constants';
import { writeDeviceCookie } from './device-cookie';

/** Where this device's choice is kept: '1' on, '0' off, absent when the person never chose. */
export const DATA_SAVER_KEY = 'betoch.dataSaver';

const listeners = new Set<() => void>();
/** The choice when storage refuses it (private mode, full storage). */
let memory: boolean | undefined;

function stored(): string | null {
  try {
    return localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    return null;
  }
}

/**
 * Data saver: listing photos wait for a tap. On when chosen on this device; when never chosen,
 * on if the phone asks sites to save data (Chrome's "Lite mode" / Save-Data), else off.
 */
export function isDataSaverOn(): boolean {
  const choice = stored();
  if (choice === '1') return true;
  if (choice === '0') return false;
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(DATA_SAVER_KEY, on ? '1' : '0');
  } catch {
    // Private mode or full storage: the choice holds for this page only.
    memory = on;
  }
  writeDeviceCookie(DATA_SAVER_COOKIE, on ? '1' : '0');
  for (const listener of listeners) listener();
}

/**
 * At start: the cookie (DATA_SAVER_COOKIE, for the server) follows the stored choice (one made
 * before the cookie existed, too), which also renews it for a year.
 */
export function syncDataSaverCookie(): void {
  const choice = stored();
  if (choice === '1' || choice === '0') writeDeviceCookie(DATA_SAVER_COOKIE, choice);
}

function snapshot(): boolean {
  return memory ?? isDataSaverOn();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The setting the server drew the page with (its cookie, or the phone's Save-Data header): the
 * server's renderer provides it, and the browser the same value while it hydrates that page.
 */
export const ServerDataSaver = createContext(false);

/** The data-saver setting, re-rendering when it changes (here or in another tab). */
export function useDataSaver(): boolean {
  const onServer = useContext(ServerDataSaver);
  return useSyncExternalStore(subscribe, snapshot, () => onServer);
}
