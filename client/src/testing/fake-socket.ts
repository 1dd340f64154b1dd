/**
 * A stand-in for the user's gateway connection (lib/socket/socket.ts `createUserSocket`) whose
 * opening or failure the test decides: tests of the app's start-up replace the real one with it
 * (vi.mock), since there is no gateway behind the fake backend.
 */
import type { TClientSocket } from '@/lib/socket/socket';

type TListener = (...args: unknown[]) => void;

export type TFakeSocket = {
  /** What the app holds: listeners on, a disconnect. */
  socket: TClientSocket;
  /** The gateway accepted the connection. */
  open(): void;
  /** The connection could not be made (offline, the gateway down). */
  fail(): void;
  /** The gateway sent an event to this socket (its listeners hear it). */
  receive(event: string, ...args: unknown[]): void;
};

/** on/off and a way to call the listeners: the socket's own events and its manager's (`socket.io`). */
function createEmitter() {
  const listeners = new Map<string, Set<TListener>>();
  const emitter = {
    on(event: string, listener: TListener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return emitter;
    },
    off(event: string, listener: TListener) {
      listeners.get(event)?.delete(listener);
      return emitter;
    },
  };
  const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  return { emitter, fire, clear: () => listeners.clear() };
}

export function createFakeSocket(): TFakeSocket {
  const own = createEmitter();
  const manager = createEmitter();
  const fake = Object.assign(own.emitter, {
    connected: false,
    active: true,
    io: manager.emitter,
    disconnect() {
      fake.connected = false;
      fake.active = false;
      own.clear();
      manager.clear();
      return fake;
    },
  });
  return {
    socket: fake as unknown as TClientSocket,
    open: () => {
      fake.connected = true;
      own.fire('connect');
    },
    fail: () => own.fire('connect_error', new Error('websocket error')),
    receive: (event, ...args) => own.fire(event, ...args),
  };
}
