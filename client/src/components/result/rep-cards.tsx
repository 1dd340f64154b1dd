/**
 * The reps of a result, one card each: its score, its time and depth where known, and its own
 * fault where the take's feedback does not already say it. The result screen and a saved
 * session's page show the same cards.
 */
export type TRepCard = {
  /** 0..1, or null where the take's form was not judged. */
  score: number | null;
  durationMs?: number;
  /** The counting joint's deepest angle in the rep, degrees. */
  depthDeg?: number;
  fault?: string | null;
};

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** "2.1 s · depth 92°", the parts known. */
function repFacts(rep: TRepCard): string {
  const facts = [
    ...(rep.durationMs !== undefined ? [`${(rep.durationMs / 1000).toFixed(1)} s`] : []),
    ...(rep.depthDeg !== undefined ? [`depth ${Math.round(rep.depthDeg)}°`] : []),
  ];
  return facts.join(' · ');
}

export function RepCards({ reps }: { reps: readonly TRepCard[] }) {
  if (reps.length === 0) return null;
  return (
    <section aria-labelledby="result-reps" className="flex flex-col gap-2">
      <h2 id="result-reps" className="text-lg font-semibold">
        Reps
      </h2>
      <ol aria-labelledby="result-reps" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {reps.map((rep, index) => {
          const facts = repFacts(rep);
          return (
            <li key={index} className="rounded-lg bg-surface p-3" data-testid="result-rep">
              <p className="text-sm text-muted">Rep {index + 1}</p>
              <p className="text-xl font-semibold">{rep.score === null ? 'Not judged' : percent(rep.score)}</p>
              {facts ? <p className="text-xs text-muted">{facts}</p> : null}
              {rep.fault ? <p className="mt-1 text-sm">{rep.fault}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
