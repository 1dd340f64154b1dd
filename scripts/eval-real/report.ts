/** The figures eval:real prints, and how it words them. */
import { median } from '@movelab/shared/movescore/numbers';

export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
export const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

/** A result's score for the figures: NaN where its form was not judged, left out of every mean and AUC. */
export const judgedScore = (result: { score: number | null }) => result.score ?? Number.NaN;
/** The mean of the judged values (NaN: none judged). */
export const meanJudged = (values: readonly number[]) => {
  const judged = values.filter((value) => !Number.isNaN(value));
  return judged.length > 0 ? mean(judged) : Number.NaN;
};
/** A score as a percentage, or "not judged". */
export const pctJudged = (value: number) => (Number.isNaN(value) ? 'not judged' : pct(value));

/** Probability that a random good take scores above a random bad one (ties count half). */
export function auc(good: number[], bad: number[]): number {
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  return wins / (good.length * bad.length);
}

/** The least of some values as a percentage, or "none" when there are none. */
export const leastPct = (values: number[]) => (values.length > 0 ? pct(Math.min(...values)) : 'none');

/** The one-reference AUCs in words: their median and least, over the references that judged both good and bad takes. */
export function oneReference(single: readonly number[]): string {
  const judged = single.filter((value) => !Number.isNaN(value));
  return judged.length > 0 ? `median ${median(judged).toFixed(2)}, min ${Math.min(...judged).toFixed(3)}` : 'none judged both good and bad takes';
}

/** Why a movement's form cannot be ranked, or null when it can: good and bad takes both judged by another person's reference. */
export const unranked = (good: readonly number[], bad: readonly number[]) =>
  good.length === 0 || bad.length === 0
    ? `no ${good.length === 0 ? 'good' : 'bad'} take judged by another person's reference: nothing to rank`
    : null;

/** The count table's exact, within-one (OBO) and mean absolute error columns of some count errors (found less true). */
export const countColumns = (errors: number[]) => [
  pct(mean(errors.map((e) => +(e === 0)))).padStart(6),
  pct(mean(errors.map((e) => +(Math.abs(e) <= 1)))).padStart(6),
  mean(errors.map(Math.abs)).toFixed(2).padStart(6),
];
