import { describe, expect, it, vi } from 'vitest';
import { createSourceSwitcher, type TFileVideo, type TVideoSource } from './source-switcher';

/** Test double: a MediaStream whose tracks record whether they were stopped. */
function fakeStream(label: string) {
  const tracks = [{ kind: 'video', label, stop: vi.fn() }];
  return { stream: { id: label, getTracks: () => tracks } as unknown as MediaStream, tracks };
}

/** Test double: a file opened as a video element, recording its release. */
function fakeFileVideo() {
  const release = vi.fn<() => void>();
  const opened: TFileVideo = { video: { tagName: 'VIDEO' } as unknown as HTMLVideoElement, release };
  return { ...opened, release };
}

function setup() {
  const sources: (TVideoSource | null)[] = [];
  const camera = fakeStream('test-double camera');
  const file = fakeFileVideo();
  const getUserMedia = vi.fn(async () => camera.stream);
  const switcher = createSourceSwitcher({ getUserMedia, openFile: () => file, onSource: (source) => sources.push(source) });
  return { switcher, sources, camera, file, getUserMedia };
}

describe('the video source switcher', () => {
  it('yields the camera stream and stops its tracks when switching to a file', async () => {
    const { switcher, sources, camera, file } = setup();
    await switcher.selectCamera();
    expect(switcher.current()).toEqual({ kind: 'camera', stream: camera.stream });

    switcher.selectFile(new File(['x'], 'squat.mp4', { type: 'video/mp4' }));
    expect(camera.tracks[0]?.stop).toHaveBeenCalledOnce();
    expect(switcher.current()).toEqual({ kind: 'file', video: file.video, name: 'squat.mp4' });
    expect(sources.at(-1)).toMatchObject({ kind: 'file', name: 'squat.mp4' });
  });

  it('releases the file when the phone stream arrives, and never stops the phone stream', () => {
    const { switcher, file } = setup();
    const phone = fakeStream('test-double phone');
    switcher.selectFile(new File(['x'], 'clip.webm'));
    switcher.selectRemote(phone.stream);
    expect(file.release).toHaveBeenCalledOnce();
    expect(switcher.current()).toEqual({ kind: 'remote', stream: phone.stream });
    switcher.clear();
    // The stream belongs to the remote session, which closes it itself.
    expect(phone.tracks[0]?.stop).not.toHaveBeenCalled();
    expect(switcher.current()).toBeNull();
  });

  it('a phone stream that goes away leaves no source', () => {
    const { switcher, sources } = setup();
    switcher.selectRemote(fakeStream('test-double phone').stream);
    switcher.selectRemote(null);
    expect(sources.at(-1)).toBeNull();
  });

  it('drops a camera that finished starting after another choice was made', async () => {
    const { switcher, camera, getUserMedia } = setup();
    let resolve: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockImplementationOnce(() => new Promise<MediaStream>((done) => (resolve = done)));
    const starting = switcher.selectCamera();
    switcher.selectFile(new File(['x'], 'late.mp4'));
    resolve(camera.stream);
    await starting;
    expect(switcher.current()).toMatchObject({ kind: 'file' });
    expect(camera.tracks[0]?.stop).toHaveBeenCalledOnce();
  });

  it('passes a refused camera on to the caller and keeps no source', async () => {
    const { switcher, getUserMedia } = setup();
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await expect(switcher.selectCamera()).rejects.toThrow('denied');
    expect(switcher.current()).toBeNull();
  });
});
