/**
 * Stands in for the packages pose-detection's ESM build imports for runtimes the comparison does
 * not use: @mediapipe/pose (its `mediapipe` runtime) and the WebGPU backend (its GPU kernels,
 * and an `instanceof` check that is simply false here). Its `tfjs` runtime on WASM needs neither.
 */
export class Pose {
  constructor() {
    throw new Error('The mediapipe runtime is not bundled: use the tfjs runtime');
  }
}
export const VERSION = 'unbundled';
export const webgpu_util = {};
export class WebGPUBackend {}
