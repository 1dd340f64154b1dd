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

type TPendingPacket = { data?: unknown };
type TEngineSocket = { writeBuffer?: TPendingPacket[]; transport?: { socket?: { bufferedAmount?: number; terminate?: () => void } } };

/** Bytes queued for this connection in engine.io's buffer and in the WebSocket's. */
function pendingBytes(conn: TEngineSocket): number {
  const queued = (conn.writeBuffer ?? []).reduce((sum, packet) => {
    const { data } = packet;
    if (typeof data === 'string') return sum + data.length;
    return sum + (Buffer.isBuffer(data) || data instanceof ArrayBuffer ? data.byteLength : 0);
  }, 0);
  return queued + (conn.transport?.socket?.bufferedAmount ?? 0);
}

/**
 * A peer that stops reading would make the gateway hold every message meant for it. Once more
 * than `maxBytes` wait to be written, the connection is dropped: its buffers are freed and
 * the client's reconnection logic takes over.
 */
export function boundOutput(socket: TSocket, maxBytes: number, logger: Logger): void {
  const conn = socket.conn as unknown as TEngineSocket & { on(event: 'packetCreate', listener: () => void): void };
  let isDropping = false;
  conn.on('packetCreate', () => {
    if (isDropping || pendingBytes(conn) <= maxBytes) return;
    isDropping = true;
    logger.warn({ socket: socket.id, pendingBytes: pendingBytes(conn) }, 'slow socket dropped');
    // Not from inside engine.io's send: the packet being created is still to be queued.
    setImmediate(() => {
      socket.disconnect(true);
      // A graceful close would wait for the buffers to drain, which a stalled reader never does.
      conn.transport?.socket?.terminate?.();
    });
  });
}
