/** "Practise together" on one gateway: three people through a whole group session. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startGateway, type TGateway } from './helpers.js';
import { TOKEN_SECRET } from './live-sockets.js';
import { CATALOGUE, threeTogether } from './group-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, GROUP_COUNTDOWN_SECONDS: '0.3' });
});
afterAll(() => gw.close());

describe('practise together on one gateway', () => {
  it('creates, joins by code, starts together, hears every count, rests, keeps a reloaded seat and sums up the end', async () => {
    const members = await threeTogether([gw.url, gw.url, gw.url]);
    members.forEach((one) => one.socket.close());
  });
});
