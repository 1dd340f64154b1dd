/**
 * The signed-in side of the HTTP layer: adds the session's ID token to every call, signs out
 * when the gateway says the session is over, and retries once with a fresh token when the
 * gateway found the token expired (clocks of client and gateway may differ a little).
 */
import { API, APP_ERRORS, AUTH_ERRORS, buildPath, isMovelabError, type TApiName } from '@movelab/shared';
import type { TApiResponse, TCallOptions, THttp } from './http';
import type { TSessionManager } from './session';
import { parseResponse } from './http';
import { uploadFile } from './transfer';
import type { TUploadProgress } from '../port';

export type TApiClient = {
  http: THttp;
  session: TSessionManager;
  call<N extends TApiName>(name: N, options?: Omit<TCallOptions<N>, 'token'>): Promise<TApiResponse<N>>;
  upload<N extends TApiName>(
    name: N,
    params: Record<string, string>,
    file: Blob,
    onProgress?: TUploadProgress,
  ): Promise<TApiResponse<N>>;
};

export function isNotFound(error: unknown): boolean {
  return isMovelabError(error) && (error.status === 404 || error.code === APP_ERRORS.notFound);
}

/** The port's "null when missing" for reads. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function createApiClient(http: THttp, session: TSessionManager): TApiClient {
  async function withToken<T>(run: (token: string | null) => Promise<T>): Promise<T> {
    const token = await session.getIdToken();
    try {
      return await run(token);
    } catch (error) {
      if (session.handleError(error)) throw error;
      const isStale = isMovelabError(error) && error.code === AUTH_ERRORS.idTokenExpired && token !== null;
      if (!isStale) throw error;
      return run(await session.getIdToken(true));
    }
  }

  return {
    http,
    session,
    call: (name, options = {}) => withToken((token) => http.call(name, { ...options, token })),
    upload: async (name, params, file, onProgress) => {
      const endpoint = API[name];
      const response = await withToken(() =>
        uploadFile(http, {
          method: endpoint.method,
          path: buildPath(endpoint.path, params),
          file,
          token: () => session.getIdToken(),
          ...(onProgress ? { onProgress } : {}),
        }),
      );
      return parseResponse(name, response);
    },
  };
}
