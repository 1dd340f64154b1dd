/**
 * Where the video of an analysis comes from (for the movescore and practice screens): this
 * device's camera, the phone's camera through a remote session, or a video file. The chosen
 * source (a MediaStream, or an HTMLVideoElement for a file) goes to `onSource`; null while
 * nothing is ready.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cameraErrorText } from '../lib/messages';
import {
  createSourceSwitcher,
  openFileInBrowser,
  type TSourceKind,
  type TSwitcherDeps,
  type TVideoSource,
} from '../lib/source-switcher';
import { RemoteSessionPanel } from './remote-session-panel';
import { StreamVideo } from './remote-video';

export type { TVideoSource } from '../lib/source-switcher';

const choices: { kind: TSourceKind; label: string }[] = [
  { kind: 'camera', label: 'This device' },
  { kind: 'remote', label: 'Phone camera' },
  { kind: 'file', label: 'Video file' },
];

type TPickerProps = {
  onSource: (source: TVideoSource | null) => void;
  initialKind?: TSourceKind;
  /** For tests: the browser's camera and file access. */
  deps?: Partial<Pick<TSwitcherDeps, 'getUserMedia' | 'openFile'>>;
};

export function VideoSourcePicker({ onSource, initialKind, deps }: TPickerProps) {
  const [kind, setKind] = useState<TSourceKind | null>(null);
  const [source, setSource] = useState<TVideoSource | null>(null);
  const [error, setError] = useState('');
  const switcher = useMemo(
    () =>
      createSourceSwitcher({
        getUserMedia: deps?.getUserMedia ?? ((constraints) => navigator.mediaDevices.getUserMedia(constraints)),
        openFile: deps?.openFile ?? openFileInBrowser,
        onSource: setSource,
      }),
    // The dependencies are fixed for the picker's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => () => switcher.clear(), [switcher]);
  useEffect(() => onSource(source), [onSource, source]);

  const choose = useCallback(
    (next: TSourceKind) => {
      setKind(next);
      setError('');
      if (next === 'camera') {
        switcher.selectCamera().catch((failure: unknown) => setError(cameraErrorText(failure).message));
        return;
      }
      // The phone's stream and the file arrive later, from the session or the file input.
      switcher.clear();
    },
    [switcher],
  );
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current || !initialKind) return;
    hasStarted.current = true;
    choose(initialKind);
  }, [choose, initialKind]);

  const onRemoteStream = useCallback((stream: MediaStream | null) => switcher.selectRemote(stream), [switcher]);

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Video source" className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button key={choice.kind} variant={kind === choice.kind ? 'primary' : 'secondary'} aria-pressed={kind === choice.kind} onClick={() => choose(choice.kind)}>
            {choice.label}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {kind === 'camera' && source?.kind === 'camera' ? <StreamVideo stream={source.stream} label="This device's camera" isMirrored /> : null}
      {kind === 'remote' ? <RemoteSessionPanel onStream={onRemoteStream} /> : null}
      {kind === 'file' ? (
        <label className="flex flex-col gap-1">
          <span>Choose a video</span>
          <input
            type="file"
            accept="video/*"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) switcher.selectFile(file);
            }}
          />
          {source?.kind === 'file' ? <span className="text-sm text-muted">{source.name}</span> : null}
        </label>
      ) : null}
    </div>
  );
}
