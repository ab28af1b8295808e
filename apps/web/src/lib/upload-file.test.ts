import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadsCalls } from '@betoch/contracts/routes/uploads';
import { ApiError, NETWORK_ERROR, setUnauthorizedHandler } from './api-client';
import { isAbortError, uploadFile } from './upload-file';

/** A stand-in for XMLHttpRequest that the test drives by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const photo = { url: '/media/k/1280.webp', key: 'k', width: 1280, height: 960, sizes: [], placeholder: 'data:' };

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

function start(options: Parameters<typeof uploadFile>[2] = {}) {
  const file = new File(['abc'], 'room.jpg', { type: 'image/jpeg' });
  const promise = uploadFile(uploadsCalls.uploadPhoto, file, options);
  const xhr = FakeXhr.last!;
  return { promise, xhr, file };
}

describe('uploadFile', () => {
  it('posts the file as multipart with the bearer token and reports progress', async () => {
    localStorage.setItem('token', 'tok-1');
    const progress: number[] = [];
    const { promise, xhr, file } = start({ onProgress: (p) => progress.push(p.fraction) });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.headers.authorization).toBe('Bearer tok-1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((xhr.body as FormData).get('file') as File).name).toBe(file.name);
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
    xhr.answer(201, { ok: true, ...photo });
    await expect(promise).resolves.toMatchObject({ key: 'k', width: 1280 });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's error code and message", async () => {
    const { promise, xhr } = start();
    xhr.answer(413, { ok: false, error: 'image_too_large', message: 'Photos must be at most 10 MB.' });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'image_too_large', message: 'Photos must be at most 10 MB.' });
  });

  it('counts an answer without ok: true as a failure', async () => {
    const { promise, xhr } = start();
    xhr.answer(200, { key: 'k' });
    await expect(promise).rejects.toMatchObject({ message: 'API request failed' });
  });

  it('answers network_error when the connection drops', async () => {
    const { promise, xhr } = start();
    xhr.onerror?.();
    await expect(promise).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR, message: 'Network error' });
  });

  it('stops when its signal aborts, with an AbortError', async () => {
    const controller = new AbortController();
    const { promise, xhr } = start({ signal: controller.signal });
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect(xhr.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('hands a 401 to the session like every other call', async () => {
    const seen: string[] = [];
    setUnauthorizedHandler((path) => seen.push(path));
    const { promise, xhr } = start();
    xhr.answer(401, { ok: false, error: 'invalid_token', message: 'Your session has ended.' });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['/uploads']);
  });
});
