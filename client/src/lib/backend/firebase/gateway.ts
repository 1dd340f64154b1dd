/**
 * Admin writes that Firebase's client SDK cannot do (custom claims, disabling an account) go
 * to the gateway's admin REST endpoints with the caller's Firebase ID token.
 */
import type { Auth } from 'firebase/auth';
import type { TApiName } from '@movelab/shared';
import { createHttp, type TApiResponse, type TCallOptions } from '../embedded/http';

export type TGatewayCaller = <N extends TApiName>(name: N, options: Omit<TCallOptions<N>, 'token'>) => Promise<TApiResponse<N>>;

export function createGatewayCaller(auth: Auth, baseUrl: string): TGatewayCaller {
  const http = createHttp({ baseUrl });
  return async (name, options) => {
    const token = (await auth.currentUser?.getIdToken()) ?? null;
    return http.call(name, { ...options, token });
  };
}
