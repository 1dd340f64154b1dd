/**
 * The phone's camera: opened once for the preview and sent after Start (the preview's camera is
 * the one Start sends), and re-acquired with the same constraints when the page comes back from
 * the background with its track ended (iOS ends it).
 */
import { cameraKey, constraintsFor } from './camera-constraints';
import type { TCameraError } from './camera-state';
import { markRemote } from './marks';
import { cameraErrorText } from './messages';
import type { TPhoneStore } from './phone-store';
import type { TFacing, TQuality } from './rejoin-store';

export type TCameraOpened = MediaStream | TCameraError;
export type TCameraChoice = { facing: TFacing; quality: TQuality };

export type TPhoneMedia = {
  /** The camera with `constraints`: the one already opening or open (the preview's) when it matches and is still live. */
  open: (constraints: MediaStreamConstraints) => Promise<TCameraOpened>;
  release: () => void;
  /** The opened camera becomes the page's: shown, re-acquired with `constraints` after a background, sent after Start. */
  take: (stream: MediaStream, constraints: MediaStreamConstraints) => void;
  /** Before Start: the preview with this camera and quality (ignored once started). */
  showPreview: (choice: TCameraChoice) => void;
  videoTrack: () => MediaStreamTrack | null;
  /** An ended track replaced by a fresh one of the same camera; `onTrack` puts it into the connection. */
  reacquire: (onTrack: (track: MediaStreamTrack) => Promise<void>) => Promise<void>;
  /** Stops the camera and forgets it. */
  reset: () => void;
};

export const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());
const isLive = (stream: MediaStream) => stream.getVideoTracks().some((track) => track.readyState === 'live');

export function createPhoneMedia(store: TPhoneStore): TPhoneMedia {
  let stream: MediaStream | null = null;
  let chosen: MediaStreamConstraints | null = null;
  /** The camera being opened or open, by its constraints. */
  let camera: { key: string; opened: Promise<TCameraOpened> } | null = null;

  const release = () => {
    const previous = camera;
    camera = null;
    void previous?.opened.then((opened) => opened instanceof MediaStream && stopTracks(opened));
  };

  const open = async (constraints: MediaStreamConstraints): Promise<TCameraOpened> => {
    const key = cameraKey(constraints);
    if (camera?.key === key) {
      const opened = await camera.opened;
      if (opened instanceof MediaStream && isLive(opened)) return opened;
    }
    release();
    const opened = navigator.mediaDevices.getUserMedia(constraints).then(
      (opened) => {
        markRemote('phone:camera-open');
        return opened;
      },
      (error: unknown) => cameraErrorText(error),
    );
    camera = { key, opened };
    return opened;
  };

  const take = (opened: MediaStream, constraints: MediaStreamConstraints) => {
    stream = opened;
    chosen = constraints;
    if (store.getView().preview !== opened) store.update({ preview: opened });
  };

  const reacquire = async (onTrack: (track: MediaStreamTrack) => Promise<void>) => {
    const current = stream;
    const constraints = chosen;
    const ended = current?.getVideoTracks().find((track) => track.readyState === 'ended');
    if (document.visibilityState !== 'visible' || !current || !constraints || !ended) return;
    const fresh = await navigator.mediaDevices.getUserMedia(constraints).catch(() => null);
    const track = fresh?.getVideoTracks()[0];
    if (!track || stream !== current) return track?.stop();
    current.removeTrack(ended);
    current.addTrack(track);
    await onTrack(track);
    // A new MediaStream object makes the preview <video> pick up the new track.
    store.update({ preview: new MediaStream(current.getTracks()) });
  };

  return {
    open,
    release,
    take,
    showPreview: ({ facing, quality }) => {
      if (store.phase() !== 'idle') return;
      const constraints = constraintsFor(facing, quality);
      void open(constraints).then((opened) => {
        // A preview refused here stays quiet: Start asks for the camera again and says why it failed.
        if (!(opened instanceof MediaStream) || store.phase() !== 'idle' || camera?.key !== cameraKey(constraints)) return;
        take(opened, constraints);
      });
    },
    videoTrack: () => stream?.getVideoTracks()[0] ?? null,
    reacquire,
    reset: () => {
      stopTracks(stream);
      release();
      stream = null;
    },
  };
}
