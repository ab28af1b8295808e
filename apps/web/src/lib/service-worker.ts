import { useSyncExternalStore } from 'react';

/**
 * Registers /sw.js (production builds only; see main.tsx and docs/offline.md) and tracks a new
 * version waiting to take over. The new worker waits until the person taps Reload in the update
 * prompt, so a running session never mixes two versions' files.
 */
let waiting: ServiceWorker | null = null;
let updating = false;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker | null): void {
  // Without a controller this is the first install, not an update.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  waiting = null;
  updating = false;
  notify();
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed') offer(worker);
          });
        });
      })
      .catch(() => undefined);
  };
  // Once the page has loaded, not to share the link with it; a page drawn on the server has
  // usually loaded before it asks for the app's code (apps/api/src/plugins/server-render.ts).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting version take over; the page reloads when it does. */
export function applyUpdate(): void {
  updating = true;
  waiting?.postMessage('skip-waiting');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasUpdate = () => waiting !== null;

export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, hasUpdate, hasUpdate);
}
