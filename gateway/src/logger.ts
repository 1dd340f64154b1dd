import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON lines to stdout (or to a given stream: tests read the logs from it). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: { service: 'movelab-gateway' } }, destination ?? pino.destination({ fd: 1, sync: false }));
}
