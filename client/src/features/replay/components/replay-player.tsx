/**
 * Replay of a take against the reference: the video (kept on this device) with the person's
 * skeleton and the reference's as a ghost aligned rep by rep, a timeline of the reps with their
 * scores (also a list of buttons that jump to each rep), slow motion, and the feedback lines: picking
 * one marks its reps and moments on the timeline, jumps to the first, and rings the joints it
 * is about while its reps play.
 */
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import type { TReplayProps } from '@/lib/replay/take-video';
import { KEEP_CLEAR } from '@/lib/keep-clear';
import { useReplay, type TReplay } from '../hooks/use-replay';
import { repAtTime } from '../lib/replay-timeline';
import { percent, seconds } from '../lib/replay-format';
import { ReplayTimelineBar } from './replay-timeline-bar';

export const PLAYBACK_RATES = [0.25, 0.5, 1] as const;

/** The video with the skeletons drawn over it, mirrored as it was filmed. */
function ReplayPicture({
  videoRef,
  canvasRef,
  isMirrored,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  isMirrored: boolean;
}) {
  const flip = isMirrored ? '-scale-x-100' : '';
  return (
    <div className="relative self-center overflow-hidden rounded-xl bg-black">
      <video
        ref={videoRef}
        className={`block max-h-[60vh] w-auto max-w-full ${flip}`}
        playsInline
        muted
        preload="auto"
        aria-label="Your take"
        data-testid="replay-video"
      />
      <canvas
        ref={canvasRef}
        className={`pointer-events-none absolute inset-0 h-full w-full ${flip}`}
        aria-hidden="true"
        data-testid="replay-overlay"
      />
    </div>
  );
}

/** Play or pause, the speed, and the ghost on or off. */
function ReplayControls({ replay }: { replay: TReplay }) {
  const { isPlaying, rate } = replay;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={replay.togglePlay} aria-label={isPlaying ? 'Pause the replay' : 'Play the replay'}>
        {isPlaying ? 'Pause' : 'Play'}
      </Button>
      <div role="group" aria-label="Playback speed" className="flex gap-1">
        {PLAYBACK_RATES.map((option) => (
          <Button
            key={option}
            variant={rate === option ? 'primary' : 'secondary'}
            aria-pressed={rate === option}
            aria-label={`${option === 1 ? 'Normal speed' : 'Slow motion'} ${option}×`}
            onClick={() => replay.changeRate(option)}
          >
            {option}×
          </Button>
        ))}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" checked={replay.isGhostShown} onChange={(event) => replay.setIsGhostShown(event.target.checked)} />
        Show the reference
      </label>
    </div>
  );
}

/** Each rep with its score, time and fault: a button that jumps to it, marked while it plays or when the feedback picked is about it. */
function RepList({ replay, currentRep }: { replay: TReplay; currentRep: number }) {
  const { timeline, line } = replay;
  return (
    <section aria-labelledby="replay-reps" className="flex flex-col gap-2">
      <h3 id="replay-reps" className="font-semibold">
        Reps
      </h3>
      {timeline.reps.length === 0 ? <p className="text-sm text-muted">No reps were counted in this take.</p> : null}
      <ol className="flex flex-col gap-1" aria-label="Reps in the take">
        {timeline.reps.map((rep) => {
          const isAboutLine = !!line?.reps.includes(rep.index);
          return (
            <li key={rep.index}>
              <button
                type="button"
                onClick={() => replay.seek(rep.startS)}
                aria-current={currentRep === rep.index ? 'true' : undefined}
                data-highlighted={isAboutLine || undefined}
                className={`min-h-11 w-full rounded-lg px-3 py-2 text-left text-sm ${currentRep === rep.index ? 'bg-primary/20' : 'bg-background/40'} ${
                  isAboutLine ? 'ring-2 ring-[#ffb020]' : ''
                }`}
              >
                <span className="font-semibold">Rep {rep.index + 1}</span>, {percent(rep.score)}, from {seconds(rep.startS)} to {seconds(rep.endS)}
                {isAboutLine ? <span className="sr-only">, about the selected feedback</span> : null}
              </button>
              {rep.fault ? <p className="px-3 pt-1 text-xs">{rep.fault}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The feedback lines; one with moments in the take is a button that picks it. */
function FeedbackList({ replay }: { replay: TReplay }) {
  const { timeline, selectedLine } = replay;
  return (
    <section aria-labelledby="replay-feedback" className="flex flex-col gap-2">
      <h3 id="replay-feedback" className="font-semibold">
        Feedback on the timeline
      </h3>
      <ul className="flex flex-col gap-1">
        {timeline.lines.map((entry, index) => (
          <li key={entry.text}>
            {entry.moments.length > 0 ? (
              <button
                type="button"
                aria-pressed={selectedLine === index}
                onClick={() => replay.selectLine(index)}
                className={`min-h-11 w-full rounded-lg px-3 py-2 text-left text-sm ${selectedLine === index ? 'bg-[#ffb020]/25 ring-2 ring-[#ffb020]' : 'bg-background/40'}`}
              >
                {entry.text}
              </button>
            ) : (
              <p className="px-3 py-2 text-sm text-muted">{entry.text}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReplayPlayer({ reference, take, video, title = 'Replay' }: TReplayProps) {
  const replay = useReplay({ reference, take, video });
  const { timeline, nowS } = replay;
  const currentRep = repAtTime(timeline, nowS);
  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded-2xl bg-surface p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
        {/* The video and its controls: the back-to-top button never covers them. */}
        <div className="flex flex-col gap-3" {...KEEP_CLEAR}>
          <ReplayPicture videoRef={replay.videoRef} canvasRef={replay.canvasRef} isMirrored={video.isMirrored} />
          <p className="text-xs text-muted">
            <span className="font-semibold text-[#3ddc97]">Solid: you</span> · <span className="font-semibold">dashed: the reference</span>, on your
            body, rep by rep
          </p>
          <ReplayTimelineBar timeline={timeline} nowS={nowS} line={replay.line} currentRep={currentRep} onSeek={replay.seek} />
          <ReplayControls replay={replay} />
          <p className="text-sm text-muted" data-testid="replay-position">
            {seconds(nowS)} · {currentRep >= 0 ? `rep ${currentRep + 1} of ${timeline.reps.length}` : 'between reps'}
          </p>
        </div>
        <div className="flex flex-col gap-4">
          <RepList replay={replay} currentRep={currentRep} />
          <FeedbackList replay={replay} />
        </div>
      </div>
    </section>
  );
}
