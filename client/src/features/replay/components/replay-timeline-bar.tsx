import type { TReplayTimeline } from '../lib/replay-timeline';
import { seconds } from '../lib/replay-format';

/** The visual timeline: reps coloured by score, the selected feedback's moments, the playhead; a slider to move through the video. */
export function ReplayTimelineBar({
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
