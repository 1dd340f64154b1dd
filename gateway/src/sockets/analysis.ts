import type { z } from 'zod';
import { DEFAULT_DISPLAY_NAME, SOCKET_ERRORS, ZAnalysisNotice, ZPracticeNotice } from '@movelab/shared';
import { type TPeople, type TResultLookup } from '../realtime/people.js';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { publishAnalysis, publishPractice } from './publish.js';
import type { TIo, TRealtimeContext, TSocket } from './types.js';

type TAuthor = { userId: string; userName: string };

/** One `*:created` notice: its payload, where the stored result is looked up, and how it is broadcast. */
type TResultNotice<TSchema extends z.ZodType, TResult> = {
  event: string;
  schema: TSchema;
  idOf: (payload: z.infer<TSchema>) => string;
  lookup: (people: TPeople) => TResultLookup<TResult> | undefined;
  publish: (io: TIo, author: TAuthor, result: TResult) => void;
  /** The refusal's message when the caller has no such result. */
  missing: string;
};

type TRegister = (ctx: TRealtimeContext, socket: TSocket) => void;

function resultNotice<TSchema extends z.ZodType, TResult>(notice: TResultNotice<TSchema, TResult>): TRegister {
  return (ctx, socket) =>
    onRequest(socket, notice.event, notice.schema, ctx.logger, async (payload) => {
      const user = requireUser(socket);
      const lookup = notice.lookup(ctx.people);
      if (!lookup) return null;
      // Each notice costs a Firestore read and a broadcast to admins: it takes from the save budget.
      await ctx.limitNotice(user.uid);
      const id = notice.idOf(payload);
      // Claimed before the read, so a replay costs neither a read nor a broadcast; answered like the first.
      const key = `${notice.event}:${user.uid}:${id}`;
      if (!(await ctx.announced.claim(key))) return null;
      const result = await lookup.find(user.uid, id).catch(async (error: unknown) => {
        await ctx.announced.release(key);
        throw error;
      });
      if (!result) {
        await ctx.announced.release(key);
        throw refuse(SOCKET_ERRORS.notFound, notice.missing);
      }
      notice.publish(ctx.io, { userId: user.uid, userName: socket.data.name ?? DEFAULT_DISPLAY_NAME }, result);
      return null;
    });
}

const NOTICES: readonly TRegister[] = [
  resultNotice({
    event: 'analysis:created',
    schema: ZAnalysisNotice,
    idOf: ({ analysisId }) => analysisId,
    lookup: (people) => people.analyses,
    publish: (io, author, analysis) => publishAnalysis(io, { ...author, analysis }),
    missing: 'There is no such analysis for this user',
  }),
  resultNotice({
    event: 'practice:created',
    schema: ZPracticeNotice,
    idOf: ({ sessionId }) => sessionId,
    lookup: (people) => people.practices,
    publish: (io, author, session) => publishPractice(io, { ...author, session }),
    missing: 'There is no such practice for this user',
  }),
];

/**
 * `analysis:created {analysisId}` and `practice:created {sessionId}` from a client that saved a
 * result itself (firebase mode): broadcast only once the stored document is confirmed, so a
 * client cannot push made-up results to admins, and once per result id (a replayed notice
 * answers ok and broadcasts nothing), each taking from the account's save budget, on every gateway
 * sharing Redis. In embedded mode the REST routes have already published them (once: a repeated
 * create answers the stored result without a broadcast) and the notice is answered without a cost.
 */
export function registerAnalysisHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  for (const register of NOTICES) register(ctx, socket);
}
