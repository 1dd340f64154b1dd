import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TChartPoint } from '../history';

const axis = { stroke: '#a8a8a8', fontSize: 12 } as const;
const tooltipStyle = { background: '#2c2c2c', border: 'none' } as const;

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
  return `${series.title} over ${values.length} session${values.length === 1 ? '' : 's'}: first ${format(values[0]!)}, last ${format(values.at(-1)!)}, best ${format(Math.max(...values))}.`;
}

function SeriesChart({ points, series }: { points: readonly TChartPoint[]; series: TSeries }) {
  const data = points.filter((point) => point[series.key] !== null);
  const summary = seriesSummary(points, series);
  return (
    <figure className="flex flex-col gap-2 rounded-xl bg-surface p-4" data-testid={`history-chart-${series.key}`}>
      <figcaption className="font-medium">{series.title}</figcaption>
      <p className="text-sm text-muted">{summary}</p>
      {/* The numbers are in the summary above and the table below: the drawing itself is decoration for screen readers. */}
      <div className="h-48 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {series.key === 'reps' ? (
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid stroke="rgba(255,255,255,0.08)" />
              <XAxis dataKey="label" {...axis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip contentStyle={tooltipStyle} />
              <Bar dataKey="reps" fill="#00e0ff" isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid stroke="rgba(255,255,255,0.08)" />
              <XAxis dataKey="label" {...axis} />
              <YAxis domain={[0, series.key === 'score' ? 100 : 'auto']} unit="%" {...axis} />
              <Tooltip contentStyle={tooltipStyle} />
              <Line type="monotone" dataKey={series.key} stroke="#00e0ff" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Score, range of motion and reps over time, each with a spoken summary, and the numbers as a table. */
export function HistoryCharts({ points }: { points: readonly TChartPoint[] }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 lg:grid-cols-3">
        {SERIES.map((series) => (
          <SeriesChart key={series.key} points={points} series={series} />
        ))}
      </div>
      <details className="rounded-xl bg-surface p-4">
        <summary className="cursor-pointer font-medium">Chart data as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Score, range of motion and reps of each session, oldest first</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Date
                </th>
                {SERIES.map((series) => (
                  <th key={series.key} scope="col" className="py-1 pr-4">
                    {series.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={`${point.at}-${index}`} className="border-t border-white/10">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {new Date(point.at).toLocaleString()}
                  </th>
                  {SERIES.map((series) => (
                    <td key={series.key} className="py-1 pr-4">
                      {point[series.key] === null ? '—' : `${point[series.key]}${series.unit}`}
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
