import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { createTestI18n } from './i18n';
import { contractOf, impossibleAnswer } from './route-contracts';

/** Shows where the router went, and the state it carried, for assertions. */
export function WhereAmI() {
  const location = useLocation();
  return (
    <p data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </p>
  );
}

export interface RenderAppOptions {
  routes: RouteObject[];
  path: string;
  state?: unknown;
  lng?: 'en' | 'am';
  /** Signs in as this user (stored as the app stores a session) before the first render. */
  user?: ReturnType<typeof fakeUser> | null;
}

/**
 * Renders pages inside the app's providers (query client, session, i18n with the real locale
 * files) and a memory router. Any path without a route shows <WhereAmI />.
 */
export function renderApp({ routes, path, state, lng = 'en', user }: RenderAppOptions) {
  if (user) {
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('userType', String(user.userType));
  }
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], {
    initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onExpired = vi.fn();
  const i18n = createTestI18n(lng);
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider onExpired={onExpired}>{children}</SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return { ...result, router, queryClient, onExpired, i18n };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Responder = (call: FakeCall) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch with a small fake API: `answer(method, path, responder)` decides the answer;
 * every call is recorded in `calls`. Each call must be one the server has (a route contract), and
 * each answer one the server could send: a success exactly what the contract's response schema
 * gives back, with its success status (the default), a failure an error answer; anything else
 * fails the test. A call without an answer fails as a lost connection would.
 */
export function fakeApi() {
  const calls: FakeCall[] = [];
  const responders = new Map<string, Responder>();
  const problems: string[] = [];
  const fail = (problem: string) => {
    problems.push(problem);
    return new Error(problem);
  };
  onTestFinished(() => {
    if (problems.length) throw new Error(`The fake API was used wrongly:\n${problems.join('\n')}`);
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const contract = contractOf(call.method, call.path);
    if (!contract) throw fail(`No route contract for ${call.method} ${call.path}`);
    const responder = responders.get(`${call.method} ${call.path}`);
    const answer = responder?.(call);
    if (!answer) throw new Error(`No fake answer for ${call.method} ${call.path}`);
    const status = answer.status ?? contract.successStatus ?? 200;
    const impossible = impossibleAnswer(contract, status, answer.body);
    if (impossible) throw fail(`${call.method} ${call.path}: an answer the server could never send (${status}): ${impossible}`);
    return new Response(JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
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

/** A user as the API answers it. */
export function fakeUser(overrides: Record<string, unknown> = {}) {
  return {
    phone: '+251911223344',
    sub: '+251911223344',
    name: 'Hana Tesfaye',
    email: null,
    userType: 'tenant',
    agency_name: null,
    roles: ['tenant'],
    wallet_credits: 0,
    badges: {},
    sub_tenant_unlimited_until: null,
    sub_delala_unlimited_until: null,
    status: 'active',
    suspended_until: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
