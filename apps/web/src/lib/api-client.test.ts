import { describe, expect, it, vi } from 'vitest';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { walletCalls } from '@betoch/contracts/routes/wallet';
import { ApiError, apiRequest, callApi, displayText, NETWORK_ERROR, setApiTransport, setUnauthorizedHandler } from './api-client';

function answerWith(status: number, body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' }, ...init }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('display text rule', () => {
  it('takes the message first', () => {
    expect(displayText({ error: 'invalid_code', reason: 'x', message: 'That code is not right.' })).toBe('That code is not right.');
  });
  it("joins error and reason as 'error:reason' without a message", () => {
    expect(displayText({ error: 'posting_blocked', reason: 'too_many_hidden' })).toBe('posting_blocked:too_many_hidden');
  });
  it('falls back to the error, then to Unknown error', () => {
    expect(displayText({ error: 'forbidden' })).toBe('forbidden');
    expect(displayText({ ok: false })).toBe('Unknown error');
    expect(displayText(null)).toBe('Unknown error');
  });
});

describe('callApi', () => {
  it("sends JSON to the contract's method and path under /api with the stored bearer token, and answers the body", async () => {
    localStorage.setItem('token', 'tok-123');
    const fetchMock = answerWith(200, { ok: true, credits: 3 });
    const body = await callApi(walletCalls.purchase, { body: { sku: 'CREDIT_SINGLE' } }, { headers: { 'idempotency-key': 'k1' } });
    expect(body).toEqual({ ok: true, credits: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/purchase');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok-123', 'content-type': 'application/json', 'idempotency-key': 'k1' });
    expect(init.body).toBe('{"sku":"CREDIT_SINGLE"}');
  });

  it('fills in path parameters (encoded) and leaves empty query values out', async () => {
    const fetchMock = answerWith(200, { ok: true });
    await callApi(listingsCalls.getListing, { params: { id: 'a b/c' } });
    await callApi(listingsCalls.browse, { query: { subcity: 'Bole', q: '', cursor: undefined } });
    const urls = fetchMock.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(urls).toEqual(['/api/listings/a%20b%2Fc', '/api/listings?subcity=Bole']);
  });
});

describe('apiRequest', () => {
  it("treats a 2xx answer whose ok flag is not true as 'API request failed'", async () => {
    answerWith(200, { ok: false, credits: 3 });
    expect((await failure(apiRequest('/x'))).message).toBe('API request failed');
    answerWith(200, { credits: 3 });
    expect((await failure(apiRequest('/x'))).message).toBe('API request failed');
  });

  it('turns an error answer into an ApiError with the display text, code, retry_after and fields', async () => {
    answerWith(429, { ok: false, error: 'cooldown_active', message: 'Please wait 42 seconds before requesting a new code.', retry_after: 42 });
    const error = await failure(apiRequest('/auth/request-otp', { method: 'POST', body: { phone: '0911223344' } }));
    expect(error.message).toBe('Please wait 42 seconds before requesting a new code.');
    expect(error.status).toBe(429);
    expect(error.code).toBe('cooldown_active');
    expect(error.retryAfter).toBe(42);

    answerWith(400, { ok: false, error: 'validation_error', fields: { phone: 'invalid_phone' } });
    const invalid = await failure(apiRequest('/auth/request-otp', { method: 'POST', body: {} }));
    expect(invalid.message).toBe('validation_error');
    expect(invalid.fields).toEqual({ phone: 'invalid_phone' });
  });

  it("answers 'Network error' when an error answer has no body to read", async () => {
    answerWith(502, '<html>Bad gateway</html>');
    const error = await failure(apiRequest('/x'));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(502);
  });

  it("uses the client's own message when no answer came at all", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiRequest('/x'));
    expect(error.message).toBe('Failed to fetch');
    expect(error.status).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR);
  });

  it("gives up after the timeout with 'Network error'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    const started = Date.now();
    const error = await failure(apiRequest('/x', { timeoutMs: 50 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toBe('Network error');
    expect(error.timedOut).toBe(true);
    expect(error.code).toBe(NETWORK_ERROR);
  });

  it('the default timeout is 10 s', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    answerWith(200, { ok: true });
    await apiRequest('/x');
    expect(timeout).toHaveBeenCalledWith(10_000);
  });

  it('reports every 401 to the session with the failing call and the token it carried', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answerWith(401, { ok: false, error: 'invalid_token', message: 'Your session has ended. Please log in again.' });
    const error = await failure(apiRequest('/auth/me'));
    expect(error.status).toBe(401);
    expect(handler).toHaveBeenCalledWith('/auth/me', null);
    localStorage.setItem('token', 'tok-9');
    await failure(apiRequest('/wallet/balance'));
    expect(handler).toHaveBeenLastCalledWith('/wallet/balance', 'tok-9');
    setUnauthorizedHandler(() => undefined);
  });
});

describe("the server renderer's in-process transport", () => {
  it("takes every call, with the caller's own signal and no timer of its own; null brings fetch and its timeout back", async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const any = vi.spyOn(AbortSignal, 'any');
    const transport = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ ok: true, n: 1 }), { status: 200 }));
    try {
      setApiTransport(transport);
      const caller = new AbortController();
      await expect(apiRequest('/listings', { signal: caller.signal })).resolves.toEqual({ ok: true, n: 1 });
      expect(transport).toHaveBeenCalledTimes(1);
      expect(transport.mock.calls[0]![0]).toBe('/api/listings');
      expect(transport.mock.calls[0]![1].signal).toBe(caller.signal);
      expect(timeout).not.toHaveBeenCalled();
      expect(any).not.toHaveBeenCalled();
    } finally {
      setApiTransport(null);
    }
    const fetchMock = answerWith(200, { ok: true, n: 2 });
    await expect(apiRequest('/listings')).resolves.toEqual({ ok: true, n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(timeout).toHaveBeenCalledWith(10_000);
    timeout.mockRestore();
    any.mockRestore();
  });
});
