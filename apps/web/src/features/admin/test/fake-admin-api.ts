import { vi } from 'vitest';

export interface AdminCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Responder = (call: AdminCall) => { status?: number; body: unknown };

/**
 * A fake API for the admin screens: `answer(method, path, responder)`; every call is recorded
 * with its query. A call nobody answers fails the test loudly.
 */
export function fakeAdminApi() {
  const calls: AdminCall[] = [];
  const responders = new Map<string, Responder>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: AdminCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: Object.fromEntries(url.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const responder = responders.get(`${call.method} ${call.path}`);
      if (!responder) throw new Error(`No fake answer for ${call.method} ${call.path}`);
      const answer = responder(call);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    answer(method: string, path: string, responder: Responder) {
      responders.set(`${method} ${path}`, responder);
    },
    count(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path).length;
    },
  };
}
