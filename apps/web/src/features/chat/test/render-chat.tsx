import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { createTestI18n } from '@/test/i18n';
import { fakeUser, WhereAmI } from '@/test/render';
import enChat from '../../../../public/locales/en/chat.json';
import amChat from '../../../../public/locales/am/chat.json';

export interface RenderChatOptions {
  routes: RouteObject[];
  path: string;
  state?: unknown;
  lng?: 'en' | 'am';
  /** Signed in as this user (stored as the app stores a session); a tenant by default. */
  user?: ReturnType<typeof fakeUser> | null;
}

/** Chat screens inside the app's providers, with the real chat texts, and a memory router. */
export function renderChat({ routes, path, state, lng = 'en', user = fakeUser() }: RenderChatOptions) {
  if (user) {
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('userType', String(user.userType));
  }
  const i18n = createTestI18n(lng);
  i18n.addResourceBundle('en', 'chat', enChat);
  i18n.addResourceBundle('am', 'chat', amChat);
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider onExpired={vi.fn()}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient, i18n };
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Responder = (call: RecordedCall) => { status?: number; body: unknown } | undefined;

/** A fake API that records every call with its query string; unanswered calls fail loudly. */
export function fakeChatApi() {
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
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/** jsdom has no <dialog> behaviour: showModal/close toggle `open` and fire 'close' as browsers do. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __chatPolyfill?: boolean };
  if (proto.__chatPolyfill) return;
  proto.__chatPolyfill = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export { fakeUser };
