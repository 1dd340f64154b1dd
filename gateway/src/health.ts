/**
 * What `/healthz` checks: that the backend answers (embedded: the database; firebase: Auth and
 * Firestore), so a load balancer or `docker` sees a gateway that cannot reach its backend.
 */

/** Null when the backend answers, else why it does not (for people, in the 503 body). */
export type THealthCheck = () => Promise<string | null>;

/** A named probe: resolves when the service answered (an answer such as "not found" counts). */
export type TProbe = { name: string; run: () => Promise<unknown> };

function withTimeout(work: Promise<unknown>, timeoutMs: number, name: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer)).catch((error: unknown) => {
    throw new Error(`${name} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/**
 * Runs the probes together, each bounded by `timeoutMs`, at most once per `ttlMs`: requests in
 * between share the last answer (a health check polled every second costs one probe per window).
 */
export function probeHealth(probes: TProbe[], options: { ttlMs?: number; timeoutMs?: number; now?: () => number } = {}): THealthCheck {
  const { ttlMs = 5000, timeoutMs = 10_000, now = Date.now } = options;
  let last: { at: number; answer: Promise<string | null> } | undefined;
  const check = async (): Promise<string | null> => {
    const outcomes = await Promise.allSettled(probes.map((probe) => withTimeout(probe.run(), timeoutMs, probe.name)));
    const reasons = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as Error).message] : []));
    return reasons.length > 0 ? reasons.join('; ') : null;
  };
  return () => {
    if (!last || now() - last.at >= ttlMs) last = { at: now(), answer: check() };
    return last.answer;
  };
}
