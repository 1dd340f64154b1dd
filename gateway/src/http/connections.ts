import type http from 'node:http';
import type { TGatewayConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { AddressCount } from './address-count.js';

/**
 * The http server's own limits: how long a caller may take over its request headers and its
 * whole request (the longest body, an upload, plus its headers), and how many connections one
 * TCP peer may hold open; a connection beyond that is closed at once.
 */
export function boundConnections(server: http.Server, config: TGatewayConfig['http'], logger: Logger): void {
  server.headersTimeout = config.headersTimeoutMs;
  server.requestTimeout = config.headersTimeoutMs + Math.max(config.jsonBodyTimeoutMs, config.uploadBodyTimeoutMs);
  const open = new AddressCount(config.connectionsPerAddress);
  /** Addresses told about once while they stay at the cap: a flood logs one line, not one per connection. */
  const warned = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (open.isFull(address)) {
      if (!warned.has(address)) logger.warn({ address, max: config.connectionsPerAddress }, 'connections refused: the address holds the most it may');
      warned.add(address);
      socket.destroy();
      return;
    }
    const release = open.hold(address);
    socket.once('close', () => {
      release();
      warned.delete(address);
    });
  });
}
