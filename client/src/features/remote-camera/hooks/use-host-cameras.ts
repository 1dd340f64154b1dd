/**
 * The desktop's cameras in a remote session: each one's state, stream and stats, and its peer.
 * A camera counts as live (and its stream is offered to the page) only once its picture arrives.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraReducer, initialCameraState, type TCameraEvent, type TCameraState } from '../lib/camera-state';
import type { TPeer } from '../lib/peer';
import { RECEIVE_STATS_MS, receiveStatsOf, type TReceiveStats } from '../lib/receive-stats';

export type TRemoteCamera = {
  cameraId: string;
  state: TCameraState;
  /** The stream as soon as the connection has it; `hasPicture` once the phone sends its camera (after its Start tap). */
  stream: MediaStream | null;
  hasPicture: boolean;
  stats: TReceiveStats | null;
};

export const joinedCamera = (cameraId: string): TRemoteCamera => ({
  cameraId,
  state: cameraReducer(cameraReducer(initialCameraState, { type: 'join' }), { type: 'joined' }),
  stream: null,
  hasPicture: false,
  stats: null,
});

/**
 * A camera whose connection or socket is gone, until the phone offers again. One that was never
 * live (still connecting, or connected before its Start tap) stays connecting: nothing to recover.
 */
export const lost = (camera: TRemoteCamera, type: 'peer-lost' | 'socket-lost'): TRemoteCamera => ({
  ...camera,
  stream: null,
  hasPicture: false,
  stats: null,
  state: camera.state.phase === 'connecting' ? camera.state : cameraReducer(camera.state, { type }),
});

export type THostCameras = ReturnType<typeof useHostCameras>;

export function useHostCameras() {
  const [cameras, setCameras] = useState<TRemoteCamera[]>([]);
  const peers = useRef(new Map<string, TPeer>());

  const updateCamera = useCallback((cameraId: string, change: (camera: TRemoteCamera) => TRemoteCamera | null) => {
    setCameras((list) => {
      const existing = list.find((camera) => camera.cameraId === cameraId) ?? joinedCamera(cameraId);
      const next = change(existing);
      const others = list.filter((camera) => camera.cameraId !== cameraId);
      return next ? [...others, next].sort((a, b) => a.cameraId.localeCompare(b.cameraId)) : others;
    });
  }, []);
  const send = useCallback(
    (cameraId: string, event: TCameraEvent) => updateCamera(cameraId, (camera) => ({ ...camera, state: cameraReducer(camera.state, event) })),
    [updateCamera],
  );

  const dropPeer = useCallback((cameraId: string) => {
    peers.current.get(cameraId)?.destroy();
    peers.current.delete(cameraId);
  }, []);

  const dropAll = useCallback(() => {
    for (const peer of peers.current.values()) peer.destroy();
    peers.current.clear();
  }, []);

  useEffect(() => dropAll, [dropAll]);

  // Each connected camera's picture size, frame rate and round-trip time, once a second.
  useEffect(() => {
    const timer = setInterval(() => {
      for (const [cameraId, peer] of peers.current) {
        void peer
          .connection()
          ?.getStats()
          .then((report) => {
            const stats = receiveStatsOf(report);
            if (stats && peers.current.get(cameraId) === peer) updateCamera(cameraId, (camera) => ({ ...camera, stats }));
          })
          .catch(() => undefined);
      }
    }, RECEIVE_STATS_MS);
    return () => clearInterval(timer);
  }, [updateCamera]);

  return { cameras, setCameras, peers, updateCamera, send, dropPeer, dropAll };
}
