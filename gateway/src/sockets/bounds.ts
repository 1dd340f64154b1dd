import { LIMITS, measureJson, SOCKET_ERRORS, type TAckResult } from '@movelab/shared';
import type { Logger } from '../logger.js';
import type { TSocket } from './types.js';

/** The acknowledgement of a packet, when the client asked for one (always its last argument). */
export function packetAck(packet: unknown[]): ((result: TAckResult<never>) => void) | undefined {
  const last = packet.at(-1);
  return typeof last === 'function' ? (last as (result: TAckResult<never>) => void) : undefined;
}

/**
 * First middleware of every socket: a packet nested deeper than LIMITS.jsonDepthMax or larger
 * than LIMITS.socketMessageBytes is answered `socket/payload-too-large` and never reaches a
 * handler, a schema or the logger, all of which recurse. Measured iteratively.
 */
export function boundPayloads(socket: TSocket, logger: Logger): void {
  socket.use((packet, next) => {
    const measure = measureJson(
      packet.filter((arg) => typeof arg !== 'function'),
      {
        maxDepth: LIMITS.jsonDepthMax + 1,
        maxBytes: LIMITS.socketMessageBytes,
      },
    );
    if (measure.ok) return next();
    const event = typeof packet[0] === 'string' ? packet[0].slice(0, 64) : '?';
    logger.warn({ event, reason: measure.reason, socket: socket.id }, 'socket payload refused');
    packetAck(packet)?.({
      ok: false,
      error: {
        code: SOCKET_ERRORS.payloadTooLarge,
        message: `The payload is ${measure.reason === 'too-deep' ? `nested deeper than ${LIMITS.jsonDepthMax} levels` : `larger than ${LIMITS.socketMessageBytes} bytes`}`,
      },
    });
  });
}
