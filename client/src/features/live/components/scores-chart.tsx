/** The admin live page's chart: each analysis and practice of the last hour as a point, score over time. */
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_WINDOW_MS, type TChartPoint } from '../hooks/use-live-feed';

/** The axes' labels, in px (the page's 16 px "100%" did not fit the y-axis). */
export const SCORE_AXIS_FONT_PX = 12;
/** Room for the y-axis' widest label, "100%", with its tick (6 px) and gap (2 px). */
const Y_AXIS_WIDTH = 56;
/** Room after the newest point, which otherwise sits on the chart's right edge, half of it cut off. */
const NEWEST_POINT_ROOM_PX = 16;

export const clock = (time: number) => new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** `initialSize`: the size before the container is measured (where nothing measures it). */
export function ScoresChart({
  points,
  now,
  initialSize,
}: {
  points: readonly TChartPoint[];
  now: number;
  initialSize?: { width: number; height: number };
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" {...(initialSize ? { initialDimension: initialSize } : {})}>
      {/* Top and right: room for a 100% point and the last time label; left: the card's padding is enough. */}
      <ScatterChart margin={{ top: 12, right: 20, bottom: 4, left: 4 }}>
        <CartesianGrid strokeOpacity={0.15} />
        <XAxis
          dataKey="time"
          type="number"
          domain={[now - CHART_WINDOW_MS, 'dataMax']}
          padding={{ left: 0, right: NEWEST_POINT_ROOM_PX }}
          tickFormatter={clock}
          scale="time"
          fontSize={SCORE_AXIS_FONT_PX}
        />
        <YAxis dataKey="score" type="number" domain={[0, 100]} unit="%" width={Y_AXIS_WIDTH} fontSize={SCORE_AXIS_FONT_PX} />
        <Tooltip labelFormatter={(value) => clock(Number(value))} />
        <Scatter data={[...points]} fill="currentColor" className="text-primary" isAnimationActive={false} />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
