import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisDateTimeText, dateTimeText, type TChartPoint, type TChartSeries } from '../history';
import { countOf } from '@movelab/shared';

const axis = { stroke: '#a8a8a8', fontSize: 12 } as const;
const tooltipStyle = { background: '#2c2c2c', border: 'none' } as const;
// Each session is its own place on the axis (its timestamp), labelled with its date and time.
// Room at both ends, so that the first and last labels fit inside the drawing and recharts keeps them.
const timeAxis = {
  dataKey: 'at',
  tickFormatter: (at: string) => axisDateTimeText(at),
  interval: 'preserveStartEnd',
  padding: { left: 36, right: 36 },
  ...axis,
} as const;
const timeLabel = (at: unknown) => (typeof at === 'string' ? dateTimeText(at) : '');

type TSeries = { key: 'score' | 'range' | 'reps'; title: string; unit: string };

const SERIES: readonly TSeries[] = [
  { key: 'score', title: 'Score', unit: '%' },
  { key: 'range', title: 'Range of motion (of the reference’s)', unit: '%' },
  { key: 'reps', title: 'Reps', unit: '' },
];

/** 'Score over 12 sessions: first 50%, last 80%, best 90%.' — what a screen reader hears instead of the chart. */
export function seriesSummary(points: readonly TChartPoint[], series: TSeries): string {
  const values = points.map((point) => point[series.key]).filter((value): value is number => value !== null);
  if (values.length === 0) return `${series.title}: no values yet.`;
  const format = (value: number) => `${value}${series.unit}`;
  return `${series.title} over ${countOf(values.length, 'session')}: first ${format(values[0]!)}, last ${format(values.at(-1)!)}, best ${format(Math.max(...values))}.`;
}

function SeriesChart({ points, series }: { points: readonly TChartPoint[]; series: TSeries }) {
  const data = points.filter((point) => point[series.key] !== null);
  const summary = seriesSummary(points, series);
  return (
    <figure className="flex flex-col gap-2 rounded-xl bg-surface p-4" data-testid={`history-chart-${series.key}`}>
      <figcaption className="font-medium">{series.title}</figcaption>
      <p className="text-sm text-muted">{summary}</p>
      {/* The numbers are in the summary above and the table below: the drawing itself is decoration for screen
          readers, and not focusable (recharts' keyboard layer off), so nothing focusable hides inside it. */}
      <div className="h-48 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {series.key === 'reps' ? (
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid stroke="rgba(255,255,255,0.08)" />
              <XAxis {...timeAxis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip contentStyle={tooltipStyle} labelFormatter={timeLabel} />
              <Bar dataKey="reps" fill="#00e0ff" isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid stroke="rgba(255,255,255,0.08)" />
              <XAxis {...timeAxis} />
              <YAxis domain={[0, series.key === 'score' ? 100 : 'auto']} unit="%" {...axis} />
              <Tooltip contentStyle={tooltipStyle} labelFormatter={timeLabel} />
              <Line type="monotone" dataKey={series.key} stroke="#00e0ff" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * One movement at a time (picked from those in view, the newest session's first): its score,
 * range of motion and reps over time, each with a spoken summary, and the numbers as a table.
 */
export function HistoryCharts({ series }: { series: readonly TChartSeries[] }) {
  const pickerId = useId();
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  // A movement whose last session was deleted (or filtered out) gives way to the first one left.
  const shown = series.find((movement) => movement.key === pickedKey) ?? series[0];
  if (!shown) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={pickerId} className="text-sm font-medium">
          Movement charted
        </label>
        <select id={pickerId} className="min-h-11 rounded-lg border border-white/20 bg-surface px-3" value={shown.key} onChange={(event) => setPickedKey(event.target.value)}>
          {series.map((movement) => (
            <option key={movement.key} value={movement.key}>
              {movement.title} ({countOf(movement.points.length, 'session')})
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-3 lg:grid-cols-3" data-testid="history-charts" data-movement={shown.title}>
        {SERIES.map((kind) => (
          <SeriesChart key={kind.key} points={shown.points} series={kind} />
        ))}
      </div>
      <details className="rounded-xl bg-surface p-4">
        <summary className="cursor-pointer font-medium">Chart data as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Score, range of motion and reps of each session of {shown.title}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Date
                </th>
                {SERIES.map((kind) => (
                  <th key={kind.key} scope="col" className="py-1 pr-4">
                    {kind.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.points.map((point, index) => (
                <tr key={`${point.at}-${index}`} className="border-t border-white/10">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {dateTimeText(point.at)}
                  </th>
                  {SERIES.map((kind) => (
                    <td key={kind.key} className="py-1 pr-4">
                      {point[kind.key] === null ? '—' : `${point[kind.key]}${kind.unit}`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
