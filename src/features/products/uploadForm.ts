import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type UploadResult = { data: unknown } | { error: FetchBaseQueryError };

interface UploadRequest {
  url: string;
  headers: Headers;
  body: FormData;
  signal: AbortSignal;
  timeoutMs: number;
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress(fraction: number): void;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Posts a form with XMLHttpRequest, which (unlike fetch) reports how much of the body has gone
 * out: an image upload can show real progress. Answers as fetchBaseQuery does.
 */
export function postFormWithProgress({ url, headers, body, signal, timeoutMs, onProgress }: UploadRequest): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.timeout = timeoutMs;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parse(request.responseText);
      resolve(request.status >= 200 && request.status < 300 ? { data } : { error: { status: request.status, data } });
    });
    request.addEventListener('error', () => resolve({ error: { status: 'FETCH_ERROR', error: 'The upload could not be sent' } }));
    request.addEventListener('timeout', () => resolve({ error: { status: 'TIMEOUT_ERROR', error: 'The upload took too long' } }));
    request.addEventListener('abort', () => resolve({ error: { status: 'FETCH_ERROR', error: 'The upload was cancelled' } }));
    if (signal.aborted) {
      resolve({ error: { status: 'FETCH_ERROR', error: 'The upload was cancelled' } });
      return;
    }
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
