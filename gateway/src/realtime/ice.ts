import crypto from 'node:crypto';
import type { TIceServer } from '@movelab/shared';
import type { TRealtimeConfig } from './config.js';

/**
 * The configured ICE servers, plus short-lived TURN credentials when a TURN secret is set
 * (coturn `use-auth-secret`: username `<expiry-unix>:<id>`, credential base64 HMAC-SHA1).
 */
export function iceServersFor(config: TRealtimeConfig, id: string, now = Date.now()): TIceServer[] {
  if (!config.turn) return config.iceServers;
  const username = `${Math.floor(now / 1000) + config.turn.ttlSeconds}:${id}`;
  const credential = crypto.createHmac('sha1', config.turn.secret).update(username).digest('base64');
  return [...config.iceServers, { urls: config.turn.urls, username, credential }];
}
