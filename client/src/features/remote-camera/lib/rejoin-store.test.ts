import { describe, expect, it } from 'vitest';
import { forgetCamera, readStoredCamera, storeCamera, type TStoredCamera } from './rejoin-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const camera: TStoredCamera = {
  sessionId: 'session-a',
  cameraId: 'camera-1',
  rejoinToken: 'rejoin-token',
  facing: 'environment',
  quality: '480p',
  isStreaming: false,
};

describe('the stored camera of a tab', () => {
  it('comes back for its own session only, with whether it was streaming', () => {
    const storage = memoryStorage();
    storeCamera(storage, camera);
    expect(readStoredCamera(storage, 'session-a')).toEqual(camera);
    expect(readStoredCamera(storage)).toEqual(camera);
    expect(readStoredCamera(storage, 'session-b')).toBeNull();
    storeCamera(storage, { ...camera, isStreaming: true });
    expect(readStoredCamera(storage, 'session-a')?.isStreaming).toBe(true);
    forgetCamera(storage);
    expect(readStoredCamera(storage, 'session-a')).toBeNull();
  });

  it('reads a tab stored by an earlier version (no isStreaming) as streaming, since those were stored only after Start', () => {
    const storage = memoryStorage();
    const { isStreaming: _dropped, ...older } = camera;
    storage.setItem('movelab.remote-camera', JSON.stringify(older));
    expect(readStoredCamera(storage, 'session-a')).toEqual({ ...older, isStreaming: true });
  });

  it('ignores what is not a stored camera: broken JSON, a wrong shape, an unknown quality', () => {
    const storage = memoryStorage();
    for (const value of ['{', '[]', JSON.stringify({ ...camera, quality: '4k' }), JSON.stringify({ ...camera, rejoinToken: 7 })]) {
      storage.setItem('movelab.remote-camera', value);
      expect(readStoredCamera(storage, 'session-a')).toBeNull();
    }
  });
});
