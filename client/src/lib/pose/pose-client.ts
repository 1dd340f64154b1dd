/**
 * The page's side of the pose worker: loads the model (with progress), sends frames as
 * transferred ImageBitmaps and resolves each with its keypoints. One worker per page load,
 * shared by the analysis, practice and reference screens, so the model loads once.
 */
import type { TFrame } from '@movelab/shared/movescore/index';
import { isPoseResponse, type TPoseAssets, type TPoseImage, type TPoseModelName, type TPoseRequest, type TPoseResponse } from './protocol';

export type { TPoseImage };
export type TPoseResult = { frame: TFrame; width: number; height: number; inferenceMs: number };
type TWaiting = { resolve: (result: TPoseResult) => void; reject: (error: Error) => void };

/** The shipped model and WASM files (copied into the build, never fetched from elsewhere). */
export function poseAssets(base = import.meta.env.BASE_URL, origin = globalThis.location?.href ?? 'http://localhost/'): TPoseAssets {
  return { modelUrl: new URL(`${base}models/movenet-lightning.json`, origin).href, wasmDir: new URL(`${base}models/`, origin).href };
}

export class PoseEstimator {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, TWaiting>();
  private nextId = 1;
  private loading: Promise<string> | null = null;
  private progressListeners = new Set<(fraction: number) => void>();
  private onLoad: { resolve: (backend: string) => void; reject: (error: Error) => void } | null = null;
  private onBenchmark: ((meanMs: number) => void) | null = null;

  constructor(worker: Worker) {
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
    worker.onerror = (event) => this.failAll(new Error(event.message || 'The pose worker stopped'));
  }

  /** Frames sent and not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Loads the model once; later calls share the load. Progress 0..1 while the weights download. */
  load(onProgress?: (fraction: number) => void, model: TPoseModelName = 'movenet-lightning', assets = poseAssets()): Promise<string> {
    if (onProgress) this.progressListeners.add(onProgress);
    this.loading ??= new Promise<string>((resolve, reject) => {
      this.onLoad = { resolve, reject };
      this.post({ type: 'load', model, assets });
    }).catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Keypoints of the source's current picture; `t` (ms) is the frame's time in the take. */
  async estimate(source: ImageBitmapSource, t: number): Promise<TPoseResult> {
    const bitmap = await createImageBitmap(source);
    return this.estimateBitmap(bitmap, t);
  }

  /** Same, for a bitmap or decoded frame the caller made (it is transferred: unusable afterwards). */
  estimateBitmap(bitmap: TPoseImage, t: number): Promise<TPoseResult> {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<TPoseResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post({ type: 'frame', id, t, bitmap }, [bitmap]);
    });
  }

  /** Raw model speed in the worker (ms per frame), without transfer or page work. */
  benchmark(bitmap: ImageBitmap, runs: number): Promise<number> {
    return new Promise<number>((resolve) => {
      this.onBenchmark = resolve;
      this.post({ type: 'benchmark', bitmap, runs }, [bitmap]);
    });
  }

  dispose(): void {
    this.worker.terminate();
    this.failAll(new Error('The pose worker was stopped'));
  }

  private post(message: TPoseRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  private receive(data: unknown): void {
    if (!isPoseResponse(data)) return;
    this.handle(data);
  }

  private handle(message: TPoseResponse): void {
    switch (message.type) {
      case 'progress':
        this.progressListeners.forEach((listener) => listener(message.fraction));
        return;
      case 'ready':
        this.progressListeners.clear();
        this.onLoad?.resolve(message.backend);
        this.onLoad = null;
        return;
      case 'benchmark':
        this.onBenchmark?.(message.meanMs);
        this.onBenchmark = null;
        return;
      case 'pose': {
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        waiting?.resolve({
          frame: { t: message.t, keypoints: message.keypoints },
          width: message.width,
          height: message.height,
          inferenceMs: message.inferenceMs,
        });
        return;
      }
      case 'error': {
        const error = new Error(message.message);
        if (message.id === null) {
          this.onLoad?.reject(error);
          this.onLoad = null;
          return;
        }
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        waiting?.reject(error);
      }
    }
  }

  private failAll(error: Error): void {
    this.onLoad?.reject(error);
    this.onLoad = null;
    this.waiting.forEach((waiting) => waiting.reject(error));
    this.waiting.clear();
  }
}

const newEstimator = () => new PoseEstimator(new Worker(new URL('../../workers/pose.worker.ts', import.meta.url), { type: 'module', name: 'pose' }));

let shared: PoseEstimator | null = null;
const extra: PoseEstimator[] = [];

/** The page's one pose worker. */
export function sharedPoseEstimator(): PoseEstimator {
  shared ??= newEstimator();
  return shared;
}

/**
 * The shared worker and as many more as there are cores beyond the first (at most `max`), each
 * with the model loaded: for work that can keep every core busy, a video file above all. The
 * extra workers stay for the page's life, so a second file does not load the model again.
 */
export async function sharedPosePool(max = 2): Promise<PoseEstimator[]> {
  const size = Math.max(1, Math.min(max, globalThis.navigator?.hardwareConcurrency ?? 1));
  while (extra.length < size - 1) extra.push(newEstimator());
  const pool = [sharedPoseEstimator(), ...extra.slice(0, size - 1)];
  await Promise.all(pool.map((estimator) => estimator.load()));
  return pool;
}
