/**
 * A gateway connection for the tests of Practise together: each request answered by the
 * test's own function (or `{ ok: true, data: null }`), every request kept, and events the
 * gateway would push fired at the screen's listeners.
 */
import type { TAckResult } from '@movelab/shared';
import { act } from '@testing-library/react';
import type { TClientSocket } from '@/lib/socket/socket';

type TListener = (payload?: unknown) => void;
export type TAnswers = Record<string, (payload: Record<string, unknown>) => TAckResult<unknown>>;

export function createGroupSocket(answers: TAnswers = {}) {
  const listeners = new Map<string, Set<TListener>>();
  const requests: { event: string; payload: Record<string, unknown> }[] = [];
  const fake = {
    connected: true,
    on(event: string, listener: TListener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return fake;
    },
    off(event: string, listener: TListener) {
      listeners.get(event)?.delete(listener);
      return fake;
    },
    io: { on: () => undefined, off: () => undefined },
    timeout: () => ({
      emitWithAck: async (event: string, payload: Record<string, unknown>) => {
        requests.push({ event, payload });
        return answers[event]?.(payload) ?? { ok: true, data: null };
      },
    }),
  };
  return {
    socket: fake as unknown as TClientSocket,
    answers,
    /** The payloads sent for `event`, oldest first. */
    sent: (event: string) => requests.filter((request) => request.event === event).map((request) => request.payload),
    /** The gateway pushes `event` to this screen. */
    fire: (event: string, payload?: unknown) => act(() => listeners.get(event)?.forEach((listener) => listener(payload))),
  };
}

export const refusal = (code: string, message = 'Refused') => ({ ok: false as const, error: { code, message } });
export const answer = <T>(data: T) => ({ ok: true as const, data });
