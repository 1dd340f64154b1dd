import { describe, expect, it } from 'vitest';
import { isPoseRequest, isPoseResponse } from './protocol';
import { frameTime } from './frame-pump';
import { poseAssets } from './pose-client';

describe('pose worker protocol', () => {
  it('accepts the worker answers the page handles and refuses anything else', () => {
    expect(isPoseResponse({ type: 'progress', fraction: 0.5 })).toBe(true);
    expect(isPoseResponse({ type: 'ready', backend: 'wasm', model: 'movenet-lightning' })).toBe(true);
    expect(isPoseResponse({ type: 'pose', id: 3, t: 40, width: 640, height: 480, keypoints: [], inferenceMs: 27 })).toBe(true);
    expect(isPoseResponse({ type: 'error', id: null, message: 'no model' })).toBe(true);
    expect(isPoseResponse({ type: 'pose', id: '3', t: 40, keypoints: [] })).toBe(false);
    expect(isPoseResponse({ type: 'surprise' })).toBe(false);
    expect(isPoseResponse(null)).toBe(false);
  });

  it('accepts the page requests the worker handles and refuses malformed ones', () => {
    const assets = { modelUrl: 'http://localhost/models/movenet-lightning.json', wasmDir: 'http://localhost/models/' };
    expect(isPoseRequest({ type: 'load', model: 'movenet-lightning', assets })).toBe(true);
    expect(isPoseRequest({ type: 'frame', id: 1, t: 0, bitmap: {} })).toBe(true);
    expect(isPoseRequest({ type: 'frame', id: 1, t: 0 })).toBe(false);
    expect(isPoseRequest({ type: 'load', model: 'movenet-lightning' })).toBe(false);
    expect(isPoseRequest('frame')).toBe(false);
  });

  it('points at the model files shipped with the app, on its own origin', () => {
    expect(poseAssets('/', 'https://movelab.example/movescore/analyze')).toEqual({
      modelUrl: 'https://movelab.example/models/movenet-lightning.json',
      wasmDir: 'https://movelab.example/models/',
    });
  });
});

describe('frame times', () => {
  it('uses the video time for a file and the wall clock for a camera, always increasing', () => {
    expect(frameTime('media', 1.5, 9999, 0, 1000)).toBe(1500);
    expect(frameTime('wall', 0, 2500.123, 500, 1000)).toBe(2000.12);
    // The same picture twice (a paused file) is skipped.
    expect(frameTime('media', 1.5, 0, 0, 1500)).toBeNull();
  });
});
