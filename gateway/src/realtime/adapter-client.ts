import type { Logger } from '../logger.js';
import type { TRedis } from './redis-registry.js';

/**
 * The Redis client as the Socket.IO adapter sees it. The adapter sends its fire-and-forget
 * messages (a fetchSockets request, a server-side emit) with PUBLISH and drops the promise: one
 * sent as the gateway closes its connection (a presence update or a host's grace check still
 * running) rejected with nobody to catch it, and Node ends a process on an unhandled rejection.
 * Here a failed PUBLISH is logged; the adapter's own call still sees the failure.
 */
export function adapterClient(redis: TRedis, logger: Logger): TRedis {
  const publish = (...args: Parameters<TRedis['publish']>) => {
    const sent = redis.publish(...args);
    sent.catch((error: unknown) => logger.warn({ err: error }, 'redis publish failed'));
    return sent;
  };
  return new Proxy(redis, {
    get(target, key) {
      if (key === 'publish' || key === 'PUBLISH') return publish;
      const value: unknown = Reflect.get(target, key, target);
      // The client keeps its state in private fields: its methods run on the client itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
