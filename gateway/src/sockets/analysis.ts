import { SOCKET_ERRORS, ZAnalysisNotice, ZPracticeNotice } from '@movelab/shared';
import { DEFAULT_NAME } from '../realtime/people.js';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { publishAnalysis, publishPractice } from './index.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * `analysis:created {analysisId}` and `practice:created {sessionId}` from a client that saved a
 * result itself (firebase mode): broadcast only once the stored document is confirmed, so a
 * client cannot push made-up results to admins. In embedded mode the REST routes have already
 * published them.
 */
export function registerAnalysisHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  const userName = () => socket.data.name ?? DEFAULT_NAME;

  onRequest(socket, 'analysis:created', ZAnalysisNotice, ctx.logger, async ({ analysisId }) => {
    const user = requireUser(socket);
    const lookup = ctx.people.analyses;
    if (!lookup) return null;
    const analysis = await lookup.find(user.uid, analysisId);
    if (!analysis) throw refuse(SOCKET_ERRORS.notFound, 'There is no such analysis for this user');
    publishAnalysis(ctx.io, { userId: user.uid, userName: userName(), analysis });
    return null;
  });

  onRequest(socket, 'practice:created', ZPracticeNotice, ctx.logger, async ({ sessionId }) => {
    const user = requireUser(socket);
    const lookup = ctx.people.practices;
    if (!lookup) return null;
    const session = await lookup.find(user.uid, sessionId);
    if (!session) throw refuse(SOCKET_ERRORS.notFound, 'There is no such practice for this user');
    publishPractice(ctx.io, { userId: user.uid, userName: userName(), session });
    return null;
  });
}
