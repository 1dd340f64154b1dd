import { SOCKET_ERRORS, ZAnalysisNotice } from '@movelab/shared';
import { DEFAULT_NAME } from '../realtime/people.js';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { publishAnalysis } from './index.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * `analysis:created {analysisId}` from a client that saved an analysis itself (firebase mode):
 * broadcast only once the stored document is confirmed, so a client cannot push made-up
 * results to admins. In embedded mode the REST route has already published it.
 */
export function registerAnalysisHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  onRequest(socket, 'analysis:created', ZAnalysisNotice, ctx.logger, async ({ analysisId }) => {
    const user = requireUser(socket);
    const lookup = ctx.people.analyses;
    if (!lookup) return null;
    const analysis = await lookup.find(user.uid, analysisId);
    if (!analysis) throw refuse(SOCKET_ERRORS.notFound, 'There is no such analysis for this user');
    publishAnalysis(ctx.io, { userId: user.uid, userName: socket.data.name ?? DEFAULT_NAME, analysis });
    return null;
  });
}
