import type http from 'node:http';
import type { TGatewayConfig } from '../config.js';
import { AddressCount } from './address-count.js';

/**
 * The http server's own limits: how long a caller may take over its request headers and its
 * whole request (the longest body, an upload, plus its headers), and how many connections one
 * TCP peer may hold open; a connection beyond that is closed at once.
 */
export function boundConnections(server: http.Server, config: TGatewayConfig['http']): void {
  server.headersTimeout = config.headersTimeoutMs;
  server.requestTimeout = config.headersTimeoutMs + Math.max(config.jsonBodyTimeoutMs, config.uploadBodyTimeoutMs);
  const open = new AddressCount(config.connectionsPerAddress);
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (open.isFull(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', open.hold(address));
  });
}
