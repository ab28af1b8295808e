/**
 * jsdom has no <dialog> behaviour: showModal/close set and clear `open` and fire 'close', as
 * browsers do. (Escape is the browser's 'cancel' event; tests dispatch it.) Installed for every
 * component test by setup.ts.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  if (!Object.getOwnPropertyDescriptor(proto, 'open')?.get) {
    Object.defineProperty(proto, 'open', {
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
      configurable: true,
    });
  }
}
