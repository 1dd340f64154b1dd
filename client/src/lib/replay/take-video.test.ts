import { describe, expect, it } from 'vitest';
import { StreamRecording, type TRecorderLike } from './take-video';

/** A MediaRecorder stand-in: hands its chunks over when stopped, like the browser's. */
class ScriptedRecorder implements TRecorderLike {
  state: RecordingState = 'inactive';
  mimeType = 'video/webm';
  timeslice: number | undefined;
  private readonly listeners: Array<{ type: string; listener: (event: { data?: Blob }) => void }> = [];
  constructor(private readonly chunks: Blob[]) {}
  addEventListener(type: 'dataavailable' | 'stop', listener: (event: { data?: Blob }) => void) {
    this.listeners.push({ type, listener });
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const emit = (type: string, event: { data?: Blob }) =>
      this.listeners.filter((entry) => entry.type === type).forEach((entry) => entry.listener(event));
    for (const data of this.chunks) emit('dataavailable', { data });
    emit('stop', {});
  }
}

const stream = {} as MediaStream;

describe('recording a live take for the replay', () => {
  it('gives the recorded chunks as one video, once, however often it is stopped', async () => {
    const recorder = new ScriptedRecorder([new Blob(['ab']), new Blob([]), new Blob(['cd'])]);
    const recording = new StreamRecording(stream, () => recorder);
    expect(recorder.state).toBe('recording');
    expect(recorder.timeslice).toBe(1000);
    const video = await recording.stop();
    expect(video?.type).toBe('video/webm');
    expect(video?.size).toBe(4);
    expect(await recording.stop()).toBe(video);
  });

  it('gives nothing when nothing was recorded or the browser cannot record', async () => {
    expect(await new StreamRecording(stream, () => new ScriptedRecorder([])).stop()).toBeNull();
    expect(await new StreamRecording(stream, () => null).stop()).toBeNull();
  });
});
