import type { TAngleCurve, TCurvePoint } from './angle-curve';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 40, right: 10, top: 10, bottom: 24 };

/** The user's primary angle over the take (solid) and the reference's reps over theirs (dashed). */
export function AngleChart({ curve, label }: { curve: TAngleCurve; label: string }) {
  const span = Math.max(1, curve.durationMs);
  const x = (t: number) => PAD.left + (t / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + ((curve.max - value) / Math.max(1, curve.max - curve.min)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = (points: readonly TCurvePoint[]) => points.map((point) => `${x(point.t).toFixed(1)},${y(point.value).toFixed(1)}`).join(' ');
  const ticks = [curve.min, Math.round((curve.min + curve.max) / 2), curve.max];
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full rounded-lg bg-background" role="img" aria-label={label}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="currentColor" fillOpacity={0.6}>
              {tick}°
            </text>
          </g>
        ))}
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize={11} fill="currentColor" fillOpacity={0.6}>
          {(span / 1000).toFixed(1)} s
        </text>
        {curve.reference.map((points, index) => (
          <polyline key={index} points={line(points)} fill="none" stroke="var(--color-secondary)" strokeWidth={2} strokeDasharray="6 4" />
        ))}
        <polyline points={line(curve.user)} fill="none" stroke="var(--color-primary)" strokeWidth={2} />
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted">
        <span>
          <span className="text-primary">━</span> You
        </span>
        <span>
          <span className="text-secondary">╍</span> Reference (over each counted rep)
        </span>
      </figcaption>
    </figure>
  );
}

/** The result's chart with its heading: the user's counting joint over the take against the reference's reps. */
export function AngleCurveSection({ curve, signal }: { curve: TAngleCurve; signal: string }) {
  return (
    <section aria-label="Angle curve" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Your {signal}</h2>
      <AngleChart curve={curve} label={`${signal} over time, yours against the reference`} />
    </section>
  );
}
