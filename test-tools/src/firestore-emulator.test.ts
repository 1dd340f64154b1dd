/**
 * The shared Firestore emulator starter on the real emulator (skipped, saying so, without it;
 * failed under CI): a stopped emulator is quiet, one that dies says so at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { firestoreEmulatorHere, startFirestoreEmulator, type TFirestoreEmulatorProcess } from './firestore-emulator.js';

let emulator: TFirestoreEmulatorProcess | undefined;
afterEach(async () => {
  await emulator?.stop();
  emulator = undefined;
});

describe.skipIf(!firestoreEmulatorHere('the Firestore emulator starter suite'))('the Firestore emulator starter', () => {
  it('serves on the port it names, and tells nobody when it is stopped', async () => {
    const deaths: Error[] = [];
    emulator = await startFirestoreEmulator({ projectId: 'demo-tools', onUnexpectedExit: (error) => deaths.push(error) });
    expect((await fetch(emulator.baseUrl)).ok).toBe(true);
    expect(emulator.host).toBe(`127.0.0.1:${emulator.port}`);
    await emulator.stop();
    await expect(fetch(emulator.baseUrl)).rejects.toThrow();
    expect(deaths).toEqual([]);
  }, 120_000);

  it('reports an emulator that dies under its suite, naming its port', async () => {
    let reported: (error: Error) => void = () => undefined;
    const death = new Promise<Error>((resolve) => (reported = resolve));
    emulator = await startFirestoreEmulator({ projectId: 'demo-tools', onUnexpectedExit: (error) => reported(error) });
    process.kill(-emulator.pid, 'SIGKILL');
    const error = await death;
    expect(error.message).toContain(`The Firestore emulator on port ${emulator.port}`);
    expect(error.message).toContain('exited unexpectedly (SIGKILL)');
  }, 120_000);
});
