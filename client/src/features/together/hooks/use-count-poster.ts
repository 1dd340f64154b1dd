/**
 * The member's own count, posted as it changes and never faster than the gateway takes it:
 * GROUP_COUNTS_PER_SECOND with a margin, so network jitter cannot push two posts into one
 * window's eleventh slot. A count of an earlier step never lands in the next one, and after a
 * reload mid-step the camera's count (from zero) goes on from the count the gateway kept.
 */
import { GROUP_COUNTS_PER_SECOND, type TGroupStatus } from '@movelab/shared';
import { useCallback, useEffect, useRef } from 'react';
import { emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import type { TGroupError } from '../lib/messages';
import { createThrottle } from '../lib/throttle';

/** Milliseconds between two posts: 125 ms, 8 a second against the gateway's 10. */
export const COUNT_INTERVAL_MS = Math.ceil(1000 / (GROUP_COUNTS_PER_SECOND - 2));

/** The member's own count in the current step, as posted. */
export type TCountUpdate = { reps: number; score: number | null; status: TGroupStatus };

type TPosted = TCountUpdate & { step: number };

const isSame = (a: TPosted, b: TPosted) => a.step === b.step && a.reps === b.reps && a.score === b.score && a.status === b.status;

type TDeps = {
  socket: TClientSocket | null;
  groupId: string;
  step: number;
  rejoinedAt: { step: number; reps: number } | null;
  onRefused: (error: TGroupError) => void;
};

export function useCountPoster({ socket, groupId, step, rejoinedAt, onRefused }: TDeps) {
  const stepRef = useRef(step);
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  });

  const throttleRef = useRef<ReturnType<typeof createThrottle<TPosted>> | null>(null);
  useEffect(() => {
    const throttle = createThrottle<TPosted>(
      COUNT_INTERVAL_MS,
      ({ step: postedStep, ...count }) => {
        if (!socket || postedStep !== stepRef.current) return;
        void emitWithAck(socket, 'group:count', { groupId, ...count }).then((result) => {
          if (!result.ok) refusedRef.current(result.error);
        });
      },
      isSame,
    );
    throttleRef.current = throttle;
    return () => throttle.cancel();
  }, [groupId, socket]);

  // A new step: what waits for the last one is dropped, and its first count is sent even if it equals the last.
  useEffect(() => {
    stepRef.current = step;
    throttleRef.current?.cancel();
    throttleRef.current?.reset();
  }, [step]);

  return useCallback(
    (count: TCountUpdate) => {
      const base = rejoinedAt?.step === stepRef.current ? rejoinedAt.reps : 0;
      throttleRef.current?.push({ ...count, reps: base + count.reps, step: stepRef.current });
    },
    [rejoinedAt],
  );
}
