/**
 * The result chart's data: the user's primary joint angle over the take and, over each
 * counted rep, the reference's rep template stretched to that rep's duration.
 */
import { FEATURE_INDEX, takeFeatures, type TReference, type TRepScore, type TTake } from '@movelab/shared/movescore/index';

export type TCurvePoint = { t: number; value: number };
export type TAngleCurve = { user: TCurvePoint[]; reference: TCurvePoint[][]; min: number; max: number; durationMs: number };

/** At most this many points per line: an SVG of a long take stays light. */
const MAX_POINTS = 600;

export function angleCurve(reference: TReference, take: TTake, reps: ReadonlyArray<Pick<TRepScore, 'startMs' | 'endMs'>>): TAngleCurve {
  const series = takeFeatures(take);
  const values = series.values[FEATURE_INDEX[reference.primary]]!;
  const step = Math.max(1, Math.ceil(values.length / MAX_POINTS));
  const user: TCurvePoint[] = [];
  for (let i = 0; i < values.length; i += step) {
    if (Number.isFinite(values[i]!)) user.push({ t: series.t[i]!, value: Math.round(values[i]! * 10) / 10 });
  }
  const template = reference.template[reference.features.indexOf(reference.primary)]!;
  const referenceLines = reps.map((rep) =>
    template.map((value, s) => ({ t: rep.startMs + ((rep.endMs - rep.startMs) * s) / (template.length - 1), value })),
  );
  const all = [...user.map((point) => point.value), ...template, reference.rest, reference.extreme];
  return {
    user,
    reference: referenceLines,
    min: Math.floor(Math.min(...all) / 10) * 10,
    max: Math.ceil(Math.max(...all) / 10) * 10,
    durationMs: take.frames.at(-1)?.t ?? 0,
  };
}
