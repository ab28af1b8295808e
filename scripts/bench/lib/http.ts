/** JSON calls to the API as the web app makes them, and the demo sign-in. */

export async function api<T = Record<string, unknown>>(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs in an existing user by phone; demo mode answers the code, as the demo screen shows it. */
export async function signIn(base: string, phone: string): Promise<string> {
  const otp = await api<{ code?: string }>(base, '/auth/request-otp', { body: { phone } });
  if (!otp.code) throw new Error('no code in the answer: the server is not in demo mode');
  const session = await api<{ token?: string }>(base, '/auth/verify-otp', { body: { phone, code: otp.code } });
  if (!session.token) throw new Error(`${phone} has no account`);
  return session.token;
}
