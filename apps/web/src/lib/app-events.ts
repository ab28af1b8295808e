/** Browser events (window events) the app fires: the wallet badge and the unread badge listen to them. */
export const APP_EVENTS = {
  walletUpdated: 'walletUpdated',
  messageReceived: 'messageReceived',
  /** The event stream said the notifications' unread count changed. */
  notificationsChanged: 'notificationsChanged',
} as const;

export type AppEventName = (typeof APP_EVENTS)[keyof typeof APP_EVENTS];

export function emitAppEvent(name: AppEventName): void {
  window.dispatchEvent(new Event(name));
}

export function onAppEvent(name: AppEventName, listener: () => void): () => void {
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
