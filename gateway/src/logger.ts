import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[redacted]';
/** Headers that carry credentials: never written to a log. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'];
/** Query parameters that carry credentials (file download tokens, action codes). */
const SECRET_PARAMS = ['token', 'oobcode', 'access_token', 'key'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');
const isSecret = (names: string[], name: string) => names.includes(name.toLowerCase());
const redactEntries = (values: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isSecret(names, name) ? REDACTED : value]));

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`);
}

type TLoggedRequest = {
  url?: string;
  headers?: Record<string, unknown>;
  query?: Record<string, unknown>;
};

/** pino-http's request serializer: the request as logged, without tokens or cookies. */
export function redactRequest<T extends TLoggedRequest>(req: T): T {
  return {
    ...req,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    headers: req.headers && redactEntries(req.headers, SECRET_HEADERS),
    query: req.query && redactEntries(req.query, SECRET_PARAMS),
  };
}

/** JSON lines to stdout (or to a given stream: tests read the logs from it). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'movelab-gateway' },
      redact: {
        paths: SECRET_HEADERS.flatMap((name) => [`req.headers.${name}`, `res.headers.${name}`, `headers.${name}`]),
        censor: REDACTED,
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
