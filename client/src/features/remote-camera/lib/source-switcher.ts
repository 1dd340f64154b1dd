/**
 * The video source of an analysis: this device's camera, the phone's camera (a remote stream
 * from the session) or an uploaded file. Switching releases the previous source: the camera's
 * tracks stop (its light goes off) and a file's object URL is revoked. A remote stream belongs
 * to its session and is never stopped here.
 */
export type TVideoSource =
  | { kind: 'camera'; stream: MediaStream }
  | { kind: 'remote'; stream: MediaStream }
  | { kind: 'file'; video: HTMLVideoElement; name: string };
export type TSourceKind = TVideoSource['kind'];

export type TFileVideo = { video: HTMLVideoElement; release: () => void };

export type TSwitcherDeps = {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  openFile: (file: File) => TFileVideo;
  onSource: (source: TVideoSource | null) => void;
};

export const LOCAL_CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { width: { ideal: 640 }, height: { ideal: 480 } },
};

/** A looping, muted, inline video of a local file; its object URL is revoked on release. */
export function openFileInBrowser(file: File): TFileVideo {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.loop = true;
  video.src = url;
  return {
    video,
    release: () => {
      video.pause();
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
    },
  };
}

export function createSourceSwitcher(deps: TSwitcherDeps) {
  let current: { source: TVideoSource; release: () => void } | null = null;
  // A slow camera start must not win over a choice made while it was starting.
  let generation = 0;

  const set = (next: { source: TVideoSource; release: () => void } | null) => {
    current?.release();
    current = next;
    deps.onSource(next?.source ?? null);
  };

  return {
    current: (): TVideoSource | null => current?.source ?? null,

    async selectCamera(): Promise<void> {
      const mine = ++generation;
      set(null);
      const stream = await deps.getUserMedia(LOCAL_CAMERA_CONSTRAINTS);
      const stop = () => stream.getTracks().forEach((track) => track.stop());
      if (mine !== generation) return stop();
      set({ source: { kind: 'camera', stream }, release: stop });
    },

    selectRemote(stream: MediaStream | null): void {
      generation++;
      set(stream ? { source: { kind: 'remote', stream }, release: () => undefined } : null);
    },

    selectFile(file: File): void {
      generation++;
      const opened = deps.openFile(file);
      set({ source: { kind: 'file', video: opened.video, name: file.name }, release: opened.release });
    },

    clear(): void {
      generation++;
      set(null);
    },
  };
}

export type TSourceSwitcher = ReturnType<typeof createSourceSwitcher>;
