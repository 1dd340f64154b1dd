/**
 * Replay of a take against the reference: the video (kept on this device) with the person's
 * skeleton and the reference's as a ghost aligned rep by rep, a timeline of the reps with their
 * scores (also a list of buttons that jump to each rep), slow motion, and the feedback lines: picking
 * one marks its reps and moments on the timeline, jumps to the first, and rings the joints it
 * is about while its reps play.
 */
import { analyseTake, frameIndexAt, ghostSkeleton, personSkeleton } from '@movelab/shared/movescore/index';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { TReplayProps } from '@/lib/replay/take-video';
import { drawReplay } from '../lib/draw-replay';
import { repAtTime, replayTimeline, type TReplayTimeline } from '../lib/replay-timeline';

export const PLAYBACK_RATES = [0.25, 0.5, 1] as const;

const percent = (fraction: number | null) => (fraction === null ? 'not judged' : `${Math.round(fraction * 100)}%`);
const seconds = (value: number) => `${value.toFixed(1)} s`;

export function ReplayPlayer({ reference, take, video, title = 'Replay' }: TReplayProps) {
  const analysis = useMemo(() => analyseTake(reference, take), [reference, take]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [videoDurationS, setVideoDurationS] = useState<number | undefined>(undefined);
  const [nowS, setNowS] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [isGhostShown, setIsGhostShown] = useState(true);
  const [selectedLine, setSelectedLine] = useState<number | null>(null);
  const timeline = useMemo(() => replayTimeline(analysis, video.offsetMs, videoDurationS), [analysis, video.offsetMs, videoDurationS]);

  // The video stays on the device: an object URL of the blob, revoked when the replay closes.
  useEffect(() => {
    const objectUrl = URL.createObjectURL(video.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [video.blob]);

  const draw = useCallback(() => {
    const element = videoRef.current;
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!element || !canvas || !context) return;
    if (canvas.width !== analysis.size.width) canvas.width = analysis.size.width;
    if (canvas.height !== analysis.size.height) canvas.height = analysis.size.height;
    const tMs = element.currentTime * 1000 - video.offsetMs;
    const isInTake = tMs >= 0 && tMs <= analysis.result.durationMs;
    const person = isInTake ? personSkeleton(analysis, frameIndexAt(analysis.pose.t, tMs)) : null;
    const ghost = isInTake && isGhostShown ? ghostSkeleton(analysis, tMs) : null;
    const line = selectedLine === null ? null : timeline.lines[selectedLine];
    const isLineNow = !!line && line.reps.includes(repAtTime(timeline, element.currentTime));
    drawReplay(context, person, ghost, isLineNow ? line.joints : []);
    canvas.dataset.person = person?.some(Boolean) ? 'drawn' : 'none';
    canvas.dataset.ghost = ghost?.some(Boolean) ? 'drawn' : 'none';
  }, [analysis, video.offsetMs, isGhostShown, selectedLine, timeline]);

  // Every frame while playing; once after a seek, a pause or a change of what is shown.
  useEffect(() => {
    draw();
    if (!isPlaying) return;
    let handle = requestAnimationFrame(function loop() {
      draw();
      handle = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(handle);
  }, [draw, isPlaying]);

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const onTime = () => setNowS(element.currentTime);
    const onSeeked = () => {
      setNowS(element.currentTime);
      draw();
    };
    const onMeta = () => setVideoDurationS(Number.isFinite(element.duration) ? element.duration : undefined);
    const onPlay = () => setIsPlaying(true);
    const onPause = () => setIsPlaying(false);
    const onRate = () => setRate(element.playbackRate);
    const events: Array<[string, () => void]> = [
      ['timeupdate', onTime],
      ['seeked', onSeeked],
      ['loadeddata', onSeeked],
      ['loadedmetadata', onMeta],
      ['durationchange', onMeta],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['ratechange', onRate],
    ];
    for (const [name, handler] of events) element.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) element.removeEventListener(name, handler);
    };
  }, [draw]);

  const seek = (atS: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = Math.max(0, atS);
    setNowS(element.currentTime);
  };
  const togglePlay = () => {
    const element = videoRef.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setIsPlaying(false));
    else element.pause();
  };
  const changeRate = (next: number) => {
    const element = videoRef.current;
    if (element) element.playbackRate = next;
    setRate(next);
  };
  const selectLine = (index: number) => {
    if (selectedLine === index) return setSelectedLine(null);
    setSelectedLine(index);
    const first = timeline.lines[index]?.moments[0];
    videoRef.current?.pause();
    if (first) seek(first.atS);
  };

  const currentRep = repAtTime(timeline, nowS);
  const line = selectedLine === null ? null : (timeline.lines[selectedLine] ?? null);
  const flip = video.isMirrored ? '-scale-x-100' : '';

  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded-2xl bg-surface p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
        <div className="flex flex-col gap-3">
          <div className="relative self-center overflow-hidden rounded-xl bg-black">
            <video
              ref={videoRef}
              src={url ?? undefined}
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
          <p className="text-xs text-muted">
            <span className="font-semibold text-[#3ddc97]">Solid: you</span> · <span className="font-semibold">dashed: the reference</span>, on your
            body, rep by rep
          </p>
          <ReplayTimelineBar timeline={timeline} nowS={nowS} line={line} currentRep={currentRep} onSeek={seek} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={togglePlay} aria-label={isPlaying ? 'Pause the replay' : 'Play the replay'}>
              {isPlaying ? 'Pause' : 'Play'}
            </Button>
            <div role="group" aria-label="Playback speed" className="flex gap-1">
              {PLAYBACK_RATES.map((option) => (
                <Button
                  key={option}
                  variant={rate === option ? 'primary' : 'secondary'}
                  aria-pressed={rate === option}
                  aria-label={`${option === 1 ? 'Normal speed' : 'Slow motion'} ${option}×`}
                  onClick={() => changeRate(option)}
                >
                  {option}×
                </Button>
              ))}
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" checked={isGhostShown} onChange={(event) => setIsGhostShown(event.target.checked)} />
              Show the reference
            </label>
          </div>
          <p className="text-sm text-muted" data-testid="replay-position">
            {seconds(nowS)} · {currentRep >= 0 ? `rep ${currentRep + 1} of ${timeline.reps.length}` : 'between reps'}
          </p>
        </div>

        <div className="flex flex-col gap-4">
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
                      onClick={() => seek(rep.startS)}
                      aria-current={currentRep === rep.index ? 'true' : undefined}
                      data-highlighted={isAboutLine || undefined}
                      className={`min-h-11 w-full rounded-lg px-3 py-2 text-left text-sm ${currentRep === rep.index ? 'bg-primary/20' : 'bg-background/40'} ${
                        isAboutLine ? 'ring-2 ring-[#ffb020]' : ''
                      }`}
                    >
                      <span className="font-semibold">Rep {rep.index + 1}</span>, {percent(rep.score)}, from {seconds(rep.startS)} to{' '}
                      {seconds(rep.endS)}
                      {isAboutLine ? <span className="sr-only">, about the selected feedback</span> : null}
                    </button>
                    {rep.fault ? <p className="px-3 pt-1 text-xs">{rep.fault}</p> : null}
                  </li>
                );
              })}
            </ol>
          </section>
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
                      onClick={() => selectLine(index)}
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
        </div>
      </div>
    </section>
  );
}

/** The visual timeline: reps coloured by score, the selected feedback's moments, the playhead; a slider to move through the video. */
function ReplayTimelineBar({
  timeline,
  nowS,
  line,
  currentRep,
  onSeek,
}: {
  timeline: TReplayTimeline;
  nowS: number;
  line: TReplayTimeline['lines'][number] | null;
  currentRep: number;
  onSeek: (atS: number) => void;
}) {
  const span = Math.max(0.1, timeline.durationS);
  const at = (value: number) => `${Math.min(100, Math.max(0, (value / span) * 100))}%`;
  return (
    <div className="flex flex-col gap-1">
      <div className="relative h-8 rounded-md bg-background/60" aria-hidden="true" data-testid="replay-timeline">
        {timeline.reps.map((rep) => (
          <div
            key={rep.index}
            data-rep={rep.index + 1}
            data-highlighted={line?.reps.includes(rep.index) || undefined}
            className={`absolute inset-y-1 rounded-sm ${rep.score === null || rep.score >= 0.7 ? 'bg-primary/70' : 'bg-[#ffb020]/60'} ${currentRep === rep.index ? 'ring-2 ring-white' : ''} ${
              line?.reps.includes(rep.index) ? 'outline outline-2 outline-[#ffb020]' : ''
            }`}
            style={{ left: at(rep.startS), width: `calc(${at(rep.endS - rep.startS)})` }}
          >
            <span className="px-1 text-[10px] font-semibold text-background">{rep.index + 1}</span>
          </div>
        ))}
        {line?.moments.map((moment) => (
          <div
            key={`${moment.rep}-${moment.atS}`}
            data-testid="replay-moment"
            className="absolute inset-y-0 w-1 -translate-x-1/2 rounded bg-[#ffb020]"
            style={{ left: at(moment.atS) }}
          />
        ))}
        <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: at(nowS) }} />
      </div>
      <input
        type="range"
        min={0}
        max={span}
        step={0.05}
        value={Math.min(nowS, span)}
        onChange={(event) => onSeek(Number(event.target.value))}
        aria-label="Position in the video"
        aria-valuetext={`${seconds(nowS)} of ${seconds(span)}`}
        className="w-full"
      />
    </div>
  );
}
