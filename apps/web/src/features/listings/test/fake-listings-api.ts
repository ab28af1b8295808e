import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Responder = (call: RecordedCall) => { status?: number; body: unknown } | undefined;

/**
 * A fake API like src/test's fakeApi, which also records each call's query string (the browse
 * filters travel there). Unanswered calls fail loudly.
 */
export function fakeListingsApi() {
  const calls: RecordedCall[] = [];
  const responders = new Map<string, Responder>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = responders.get(`${call.method} ${call.path}`)?.(call);
      if (!answer) throw new Error(`No fake answer for ${call.method} ${call.path}`);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    answer(method: string, path: string, responder: Responder) {
      responders.set(`${method} ${path}`, responder);
    },
    /** The calls made to one method and path. */
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/**
 * jsdom has no <dialog> behaviour: showModal/close set and clear `open` and fire 'close', as
 * browsers do. (Escape is the browser's 'cancel' event; tests dispatch it.)
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
