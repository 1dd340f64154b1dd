/**
 * The phone side of a remote camera session in React: the framework-free controller
 * (lib/phone-camera.ts) kept for the component's life, its view read with
 * useSyncExternalStore. The phone page (client/phone.html) drives the same controller from a
 * plain DOM view instead.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TClientSocket } from '@/lib/socket/socket';
import { createPhoneCamera } from '../lib/phone-camera';

export type { TStartOptions } from '../lib/phone-camera';

/** `socket`: a camera socket already connecting. */
export function usePhoneCamera({ socket }: { socket?: TClientSocket } = {}) {
  const [camera] = useState(() => createPhoneCamera({ socket }));
  const { state, preview, joined, placement } = useSyncExternalStore(camera.subscribe, camera.getView);
  useEffect(() => camera.attach(), [camera]);
  return { state, preview, joined, placement, start: camera.start, stop: camera.stop, prepare: camera.prepare };
}
