import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const online = () => navigator.onLine;
/** A page drawn on the server is drawn online (it was asked for over the network). */
const onlineOnServer = () => true;

/** Whether the phone has a connection (navigator.onLine), re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, onlineOnServer);
}
