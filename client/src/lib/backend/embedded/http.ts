/**
 * Typed calls to the gateway's REST table (shared `API`): path parameters through
 * `buildPath`, bodies and answers through the table's zod schemas, `{ error: { code, message } }`
 * answers turned into `MovelabError`. Every request has a time-out (spec §9) so a dead network
 * fails with `auth/network-request-failed` instead of hanging.
 */
import type { z } from 'zod';
import {
  API,
  APP_ERRORS,
  AUTH_ERRORS,
  MovelabError,
  ZApiError,
  buildPath,
  type TApi,
  type TApiName,
} from '@movelab/shared';
import { systemClock, type TClock } from './clock';
import { defaultNetworkTimeoutMs } from '../device';

type TSchemaOf<N extends TApiName, K extends string> = TApi[N] extends { [P in K]: infer S extends z.ZodType } ? S : never;

export type TApiResponse<N extends TApiName> = TApi[N]['response'] extends z.ZodType
  ? z.output<TApi[N]['response']>
  : void;
export type TApiBody<N extends TApiName> = z.input<TSchemaOf<N, 'body'>>;
export type TApiQuery<N extends TApiName> = z.input<TSchemaOf<N, 'query'>>;

export type TCallOptions<N extends TApiName> = {
  params?: Record<string, string>;
  query?: TApiQuery<N>;
  body?: TApiBody<N>;
  token?: string | null;
};

export type THttpOptions = {
  /** Absolute origin for Node ('http://127.0.0.1:1234'); '' in the browser (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  clock?: TClock;
  /** Defaults to 30 s, 60 s on mobile. */
  timeoutMs?: number;
};

export type TRawRequest = {
  method: string;
  path: string;
  token?: string | null;
  headers?: Record<string, string>;
  body?: BodyInit | null;
};

export type THttp = {
  url(path: string): string;
  timeoutMs: number;
  clock: TClock;
  /** Sends a request and answers the Response when ok; throws MovelabError otherwise. */
  send(request: TRawRequest): Promise<Response>;
  call<N extends TApiName>(name: N, options?: TCallOptions<N>): Promise<TApiResponse<N>>;
};

const STATUS_CODES: Record<number, string> = {
  400: APP_ERRORS.badRequest,
  401: APP_ERRORS.unauthenticated,
  403: APP_ERRORS.forbidden,
  404: APP_ERRORS.notFound,
  409: APP_ERRORS.conflict,
  413: APP_ERRORS.payloadTooLarge,
  415: APP_ERRORS.unsupportedMediaType,
  429: APP_ERRORS.rateLimited,
};

export function networkError(reason: string): MovelabError {
  return new MovelabError(AUTH_ERRORS.networkRequestFailed, `Network request failed: ${reason}`, 0);
}

/** The MovelabError for a failed answer: the gateway's code when it sent one, else by status. */
export function errorFromBody(status: number, body: unknown): MovelabError {
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new MovelabError(code, message, status, details);
  }
  const code = STATUS_CODES[status] ?? APP_ERRORS.internal;
  return new MovelabError(code, `Request failed with status ${status}`, status);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createHttp(options: THttpOptions = {}): THttp {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? defaultNetworkTimeoutMs();

  const url = (path: string) => `${baseUrl}${path}`;

  async function send(request: TRawRequest): Promise<Response> {
    const controller = new AbortController();
    const timer = clock.setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    let response: Response;
    try {
      response = await fetchImpl(url(request.path), {
        method: request.method,
        headers,
        body: request.body ?? null,
        signal: controller.signal,
      });
    } catch (error) {
      const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(error);
      throw networkError(reason);
    } finally {
      clock.clearTimeout(timer);
    }
    if (response.ok) return response;
    throw errorFromBody(response.status, await readJson(response));
  }

  async function call<N extends TApiName>(name: N, callOptions: TCallOptions<N> = {}): Promise<TApiResponse<N>> {
    const endpoint: TApi[TApiName] = API[name];
    const path = buildPath(endpoint.path, callOptions.params) + toSearch(callOptions.query as Record<string, unknown>);
    const hasBody = callOptions.body !== undefined;
    const response = await send({
      method: endpoint.method,
      path,
      token: callOptions.token ?? null,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(callOptions.body) : null,
    });
    return parseResponse(name, response);
  }

  return { url, timeoutMs, clock, send, call };
}

/** Validates an ok answer against the table's response schema. */
export async function parseResponse<N extends TApiName>(name: N, response: Response): Promise<TApiResponse<N>> {
  const schema = API[name].response as z.ZodType | null;
  if (schema === null) return undefined as TApiResponse<N>;
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new MovelabError(APP_ERRORS.internal, `Unexpected answer from the server for ${name}`, 502, parsed.error.issues);
  }
  return parsed.data as TApiResponse<N>;
}
