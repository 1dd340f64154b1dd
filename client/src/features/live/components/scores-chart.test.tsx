import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCORE_AXIS_FONT_PX, ScoresChart } from './scores-chart';

const NOW = Date.parse('2026-03-02T10:00:00Z');
/** Recharts puts a y tick's label this far left of the plot: its tick (6) and the gap (2). */
const TICK_AND_GAP_PX = 8;
/** A generous width for "100%": digits about 0.6 em, the percent sign about 0.9 em. */
const HUNDRED_PERCENT_PX = (3 * 0.6 + 0.9) * SCORE_AXIS_FONT_PX;

const attribute = (element: Element | null, name: string) => Number(element?.getAttribute(name));

describe('ScoresChart', () => {
  it('leaves the y-axis room for "100%" and puts the newest point inside the chart, not on its right edge', () => {
    const points = [
      { time: NOW - 20 * 60_000, score: 40, user: 'Ada' },
      { time: NOW, score: 100, user: 'Bo' },
    ];
    const { container } = render(<ScoresChart points={points} now={NOW} initialSize={{ width: 1100, height: 256 }} />);
    const yAxisLine = container.querySelector('.recharts-yAxis .recharts-cartesian-axis-line');
    const xAxisLine = container.querySelector('.recharts-xAxis .recharts-cartesian-axis-line');
    // The labels end at the plot's left edge less the tick: everything left of that is theirs.
    expect(attribute(yAxisLine, 'x1') - TICK_AND_GAP_PX).toBeGreaterThanOrEqual(HUNDRED_PERCENT_PX);
    const symbols = [...container.querySelectorAll('.recharts-symbols')];
    expect(symbols).toHaveLength(2);
    const newest = symbols.reduce((a, b) => (attribute(a, 'cx') > attribute(b, 'cx') ? a : b));
    const radius = attribute(newest, 'width') / 2;
    expect(attribute(newest, 'cx') + radius).toBeLessThan(attribute(xAxisLine, 'x2'));
    // A 100% point is whole below the chart's top.
    expect(attribute(newest, 'cy') - radius).toBeGreaterThanOrEqual(0);
  });
});
