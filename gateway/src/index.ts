import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const gateway = await createApp({ config, logger });

gateway.server.listen(config.port, config.host, () => {
  const { port } = gateway.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  logger.info({ port, url: `http://${host}:${port}`, backend: config.backend }, 'gateway listening');
});

let isStopping = false;
async function shutdown(signal: string): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  logger.info({ signal }, 'gateway stopping');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  await gateway.close();
  clearTimeout(timer);
  logger.flush();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
