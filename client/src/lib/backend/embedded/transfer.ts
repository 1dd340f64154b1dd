/**
 * File transfers to the gateway (avatars, covers, activity images), with the file storage
 * retry policy of spec §9: a 5xx, 408 or 429 answer, or no answer at all, is retried with
 * back-off until 2 minutes have passed (10 minutes for uploads). Uploads report progress
 * from XMLHttpRequest where the platform has it, else 0 then 1.
 */
import { STORAGE_RETRY, isMovelabError, MovelabError } from '@movelab/shared';
import { backoffDelay, sleep, type TClock } from './clock';
import { errorFromBody, networkError, type THttp, type TRawRequest } from './http';
import type { TUploadProgress } from '../port';

/** Storage back-off: 1 s doubling, at most 32 s between attempts. */
const RETRY_START_MS = 1000;
const RETRY_MAX_MS = 32_000;

export function isRetryable(error: unknown): boolean {
  if (!isMovelabError(error)) return false;
  const { status } = error;
  return status === 0 || status >= 500 || STORAGE_RETRY.retryableStatuses.includes(status);
}

/** Runs `attempt` until it succeeds, fails for good, or the next wait would pass `budgetMs`. */
export async function withRetry<T>(clock: TClock, budgetMs: number, attempt: () => Promise<T>): Promise<T> {
  const deadline = clock.now() + budgetMs;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const wait = backoffDelay(tries, RETRY_START_MS, RETRY_MAX_MS);
      if (!isRetryable(error) || clock.now() + wait > deadline) throw error;
      await sleep(clock, wait);
    }
  }
}

type TXhrUpload = { url: string; token: string | null; file: Blob; method: string; timeoutMs: number };

/** One upload through XMLHttpRequest, whose upload events give real progress. */
function xhrUpload(request: TXhrUpload, onProgress: TUploadProgress): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.timeout = request.timeoutMs;
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.setRequestHeader('Content-Type', request.file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError('upload failed'));
    xhr.ontimeout = () => reject(networkError(`timed out after ${request.timeoutMs} ms`));
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      if (response.ok) return resolve(response);
      response
        .json()
        .catch(() => undefined)
        .then((body: unknown) => reject(errorFromBody(xhr.status, body)));
    };
    xhr.send(request.file);
  });
}

export type TUploadRequest = {
  method: string;
  path: string;
  file: Blob;
  /** Asked before every attempt, so a retry after a token refresh uses the new token. */
  token: () => Promise<string | null>;
  onProgress?: TUploadProgress;
};

export async function uploadFile(http: THttp, request: TUploadRequest): Promise<Response> {
  const progress = request.onProgress ?? (() => undefined);
  if (!request.file.type.startsWith('image/') && request.file.type !== 'application/json') {
    throw new MovelabError('app/unsupported-media-type', 'Choose an image file', 415);
  }
  const canTrackProgress = typeof XMLHttpRequest !== 'undefined';
  const response = await withRetry(http.clock, STORAGE_RETRY.maxUploadRetryMs, async () => {
    const token = await request.token();
    progress(0);
    if (canTrackProgress) {
      return xhrUpload(
        { url: http.url(request.path), token, file: request.file, method: request.method, timeoutMs: http.timeoutMs },
        progress,
      );
    }
    const raw: TRawRequest = {
      method: request.method,
      path: request.path,
      token,
      headers: { 'Content-Type': request.file.type },
      body: request.file,
    };
    return http.send(raw);
  });
  progress(1);
  return response;
}
