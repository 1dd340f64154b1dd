/**
 * A video file's frames as RGB bytes, decoded by ffmpeg (`-f rawvideo -pix_fmt rgb24` on a
 * pipe) and read one frame at a time: memory stays at one frame whatever the video's length,
 * and ffmpeg waits while the caller works on a frame (the pipe's back-pressure).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export type TVideoOptions = {
  /** Frames a second to take (ffmpeg's fps filter); the video's own rate when absent. */
  fps?: number;
  /** Decode only this many seconds from the start. */
  seconds?: number;
  /** The ffmpeg binary. */
  ffmpeg?: string;
};

export type TVideoStream = {
  width: number;
  height: number;
  /** Frames a second of the decoded stream (constant: ffmpeg repeats or drops to keep it). */
  fps: number;
  /** Each frame's width x height x 3 bytes; the buffer is reused, so use it before asking for the next. */
  frames: AsyncGenerator<Uint8Array>;
  /** Stops ffmpeg when the frames will not be read (reading them to the end stops it too). */
  close(): Promise<void>;
};

/** ffmpeg's summary of what it writes: "Video: rawvideo (...), rgb24(...), 608x1080 [SAR 1:1], ..., 29.97 fps". */
const OUTPUT_STREAM = /Output #0[\s\S]*?Video: rawvideo[^\n]*?, (\d+)x(\d+)[^\n]*?, ([\d.]+k?) fps/;
/** stderr kept for messages: ffmpeg's header and its last complaint. */
const MAX_LOG = 64 * 1024;

function parseRate(text: string): number {
  return text.endsWith('k') ? Number(text.slice(0, -1)) * 1000 : Number(text);
}

export async function openVideo(path: string, options: TVideoOptions = {}): Promise<TVideoStream> {
  const args = ['-hide_banner', '-nostdin', '-nostats', '-i', path];
  if (options.seconds !== undefined) args.push('-t', String(options.seconds));
  args.push('-map', '0:v:0', '-an', '-sn');
  if (options.fps !== undefined) args.push('-vf', `fps=${options.fps}`);
  args.push('-fps_mode', 'cfr', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const child = spawn(options.ffmpeg ?? 'ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });

  let log = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    log = log.length < MAX_LOG ? log + text : log.slice(0, MAX_LOG / 2) + log.slice(-MAX_LOG / 2) + text;
  });
  const lastLines = () => log.trim().split('\n').slice(-3).join(' / ');
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('ffmpeg is not installed (Debian: apt-get install ffmpeg); it decodes the video') : error),
    );
    child.once('close', (code) => resolve(code));
  });
  exited.catch(() => undefined);

  // The header comes before the first frame: wait for it (or for ffmpeg to give up).
  const header = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const match = OUTPUT_STREAM.exec(log);
      if (match) {
        child.stderr.off('data', check);
        resolve(match);
      }
    };
    child.stderr.on('data', check);
    exited.then(
      () => reject(new Error(`ffmpeg could not read ${path}: ${lastLines()}`)),
      (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
  const width = Number(header[1]);
  const height = Number(header[2]);
  const fps = options.fps ?? parseRate(header[3]!);

  async function* frames(): AsyncGenerator<Uint8Array> {
    const frame = new Uint8Array(width * height * 3);
    let filled = 0;
    try {
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        let offset = 0;
        while (offset < chunk.length) {
          const take = Math.min(frame.length - filled, chunk.length - offset);
          frame.set(chunk.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === frame.length) {
            yield frame;
            filled = 0;
          }
        }
      }
      const code = await exited;
      if (code !== 0) throw new Error(`ffmpeg failed on ${path} (exit ${code}): ${lastLines()}`);
    } finally {
      if (child.exitCode === null) {
        stop();
        await once(child, 'close');
      }
    }
  }

  /**
   * Stops ffmpeg: its output is closed first, then it is told to end. ffmpeg ends on SIGTERM only
   * between writes, so one blocked writing frames nobody reads (a full pipe) would wait forever;
   * with the pipe closed its write fails and it ends.
   */
  function stop(): void {
    child.stdout.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }

  const close = async () => {
    stop();
    await exited.catch(() => undefined);
  };
  return { width, height, fps, frames: frames(), close };
}
