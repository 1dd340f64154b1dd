/**
 * A video file to a take, with the app's own pose model: MoveNet Lightning on TF.js's WASM
 * backend, as the browser runs it, over every frame that ffmpeg decodes. The take is the
 * engine's format (keypoints in the video's pixels, `t` in ms from the first frame), ready for
 * `npm run movescore -- score --take ...`.
 *
 *   npm run video-to-take -- <video> [--out take.json] [--fps N] [--seconds S]
 *
 * Without --out the take goes to stdout. The speed (frames analysed a second) goes to stderr,
 * or to stdout with --out. Bad input goes to stderr with exit code 1; a wrong command line
 * exits with 2. Needs ffmpeg on the PATH.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseTake, TAKE_LIMITS, type TFrame, type TTake } from '@movelab/shared/movescore/index';
import { loadNodeMoveNet } from '../pose/movenet-node.js';
import { openVideo } from '../pose/video-frames.js';

const USAGE = 'usage: video-to-take <video> [--out take.json] [--fps 1..60] [--seconds S]';

class UsageError extends Error {}

function numberOption(raw: string | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** Above this the video's own rate is not taken as is: it is analysed at FALLBACK_FPS. */
const MAX_NATIVE_FPS = 60;
const FALLBACK_FPS = 30;

/** Milliseconds of frame `index` at `fps`, to 0.01 ms like the browser's takes. */
const frameTime = (index: number, fps: number) => Math.round((index * 100_000) / fps) / 100;

async function videoToTake(
  path: string,
  options: { fps?: number; seconds?: number },
  notes: string[],
): Promise<{ take: TTake; seconds: number; backend: string }> {
  // The video first: a file ffmpeg cannot read fails before the model loads.
  const seconds = options.seconds ?? TAKE_LIMITS.maxDurationMs / 1000;
  let video = await openVideo(path, { fps: options.fps, seconds });
  if (options.fps === undefined && video.fps > MAX_NATIVE_FPS) {
    // A video without a usable frame rate may report its time base (1000 for some WebM recordings).
    await video.close();
    notes.push(`the video reports ${video.fps} frames/s: analysed at ${FALLBACK_FPS} (choose with --fps)`);
    video = await openVideo(path, { fps: FALLBACK_FPS, seconds });
  }
  const model = await loadNodeMoveNet();
  const started = performance.now();
  const frames: TFrame[] = [];
  for await (const rgb of video.frames) {
    if (frames.length >= TAKE_LIMITS.maxFrames) break;
    frames.push({ t: frameTime(frames.length, video.fps), keypoints: await model.estimate(rgb, video.width, video.height) });
  }
  if (frames.length === 0) throw new Error(`${path} has no video frame`);
  const fps = Math.round(Math.min(TAKE_LIMITS.maxFps, video.fps) * 100) / 100;
  const take = parseTake({ width: video.width, height: video.height, fps, frames });
  return { take, seconds: (performance.now() - started) / 1000, backend: model.backend };
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, fps: { type: 'string' }, seconds: { type: 'string' } },
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('give exactly one video file');
  const fps = numberOption(values.fps, 'fps', 1, 60);
  const seconds = numberOption(values.seconds, 'seconds', 0.1, TAKE_LIMITS.maxDurationMs / 1000);
  const notes: string[] = [];
  const { take, seconds: elapsed, backend } = await videoToTake(positionals[0]!, { fps, seconds }, notes);
  for (const note of notes) console.error(`video-to-take: note: ${note}`);
  const json = JSON.stringify(take);
  const speed = `${take.frames.length} frames (${take.width}x${take.height}, ${take.fps} fps) in ${elapsed.toFixed(1)} s: ${(
    take.frames.length / elapsed
  ).toFixed(1)} frames/s on TF.js ${backend}`;
  if (values.out) {
    await writeFile(values.out, json);
    console.log(`${speed}; take written to ${values.out}`);
  } else {
    process.stdout.write(`${json}\n`);
    console.error(speed);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(usage ? `${(error as Error).message}\n${USAGE}` : `video-to-take: ${(error as Error).message}`);
  process.exit(usage ? 2 : 1);
});
