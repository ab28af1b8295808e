import { describe, expect, it, vi } from 'vitest';
import type { Services } from 'i18next';
import { textFilesBackend } from './i18n-backend';

function read(status: number | 'offline', body: unknown = {}) {
  const fetchMock = vi.fn(async () => {
    if (status === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const backend = textFilesBackend('/');
  backend.init({} as Services, {}, {});
  return new Promise<{ error: unknown; data: unknown; url: string }>((resolve) => {
    backend.read('am', 'listings', (error, data) => resolve({ error, data, url: String((fetchMock.mock.calls[0] as unknown[])[0]) }));
  });
}

describe('the text files backend', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const { error, data, url } = await read(200, { browse: { title: 'ቤቶች' } });
    expect(url).toBe('/locales/am/listings.json');
    expect(error).toBeNull();
    expect(data).toEqual({ browse: { title: 'ቤቶች' } });
  });

  it('asks again after a network failure or a server error, not after a missing file', async () => {
    const offline = await read('offline');
    expect(offline.error).toBeInstanceOf(Error);
    expect(offline.data).toBe(true);
    const broken = await read(503);
    expect(broken.error).toBeInstanceOf(Error);
    expect(broken.data).toBe(true);
    const missing = await read(404);
    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.data).toBe(false);
  });
});
