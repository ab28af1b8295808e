import type { RouteContract } from '@betoch/contracts/route-contract';
import { ApiError, handleResponse, NETWORK_ERROR, urlOf, type Answer } from './api-client';
import { readToken } from './session-storage';

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (the multipart body, a little more than the file). */
  total: number;
  /** 0..1; 1 means every byte is sent and the server is processing the file. */
  fraction: number;
}

export interface UploadOptions {
  /** Called as bytes leave the browser. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
  /** Form field that carries the file (default 'file'). */
  fieldName?: string;
  /**
   * No answer within this time counts as a network failure (default 5 minutes: a 10 MB photo on a
   * slow 3G line takes minutes, unlike the 10 s of an ordinary call).
   */
  timeoutMs?: number;
}

export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sends one file as multipart/form-data with XMLHttpRequest, because fetch cannot report upload
 * progress. The answer goes through the same rules as every other call (bearer token, display
 * text, ok flag, 401 ends the session), so the caller gets the same ApiError.
 */
export function uploadFile<C extends RouteContract>(contract: C, file: Blob, options: UploadOptions = {}): Promise<Answer<C>> {
  const { onProgress, signal, fieldName = 'file', timeoutMs = UPLOAD_TIMEOUT_MS } = options;
  return new Promise<Answer<C>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(contract.method, urlOf(contract, {}));
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      const loaded = Math.min(event.loaded, total);
      onProgress({ loaded, total, fraction: total > 0 ? loaded / total : 0 });
    };
    xhr.onload = () => {
      cleanUp();
      // An answer without a body (204, 304) cannot be put in a Response with one.
      const bodyless = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      let response: Response;
      try {
        response = new Response(bodyless ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        });
      } catch {
        reject(new ApiError('Network error', { status: 0, code: NETWORK_ERROR }));
        return;
      }
      // The server parses every success answer through the contract's response schema.
      handleResponse(response, contract.path).then((answer) => resolve(answer as Answer<C>), reject);
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new ApiError('Network error', { status: 0, code: NETWORK_ERROR }));
    };
    xhr.ontimeout = () => {
      cleanUp();
      reject(new ApiError('Network error', { status: 0, code: NETWORK_ERROR, timedOut: true }));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    form.append(fieldName, file, file instanceof File ? file.name : 'photo');
    xhr.send(form);
  });
}
