/**
 * The phone lowers what it sends when the link cannot carry it, instead of freezing: every two
 * seconds it reads its outgoing video stats and, when the encoder reports it is limited by
 * bandwidth or the desktop reports losses, steps down one level (smaller picture, fewer frames
 * per second) through `RTCRtpSender.setParameters`; after a calm stretch it steps back up.
 */
import type { TPeer } from './peer';

export type TSendLevel = { scaleResolutionDownBy: number; maxFramerate: number };

/** From the camera's own size and rate down to a quarter of the size at 10 fps. */
export const SEND_LEVELS: readonly TSendLevel[] = [
  { scaleResolutionDownBy: 1, maxFramerate: 30 },
  { scaleResolutionDownBy: 1.5, maxFramerate: 24 },
  { scaleResolutionDownBy: 2, maxFramerate: 15 },
  { scaleResolutionDownBy: 4, maxFramerate: 10 },
];

export type TSendSample = {
  /** outbound-rtp `qualityLimitationReason`. */
  limitation: string;
  /** remote-inbound-rtp `fractionLost` (0..1), when the desktop has reported. */
  fractionLost: number;
};

export type TSendState = { level: number; calmSamples: number };

export const SEND_CHECK_MS = 2_000;
/** Calm samples in a row before stepping back up (10 s at one sample every 2 s). */
export const CALM_SAMPLES_TO_STEP_UP = 5;
const LOSS_TOO_HIGH = 0.05;
const LOSS_CALM = 0.01;

/** One step of the decision: down at once on trouble, up only after a calm stretch. */
export function nextSendState(state: TSendState, sample: TSendSample): TSendState {
  const isStrained = sample.limitation === 'bandwidth' || sample.fractionLost > LOSS_TOO_HIGH;
  if (isStrained) return { level: Math.min(state.level + 1, SEND_LEVELS.length - 1), calmSamples: 0 };
  const isCalm = sample.limitation === 'none' && sample.fractionLost < LOSS_CALM;
  if (!isCalm) return { ...state, calmSamples: 0 };
  const calmSamples = state.calmSamples + 1;
  if (calmSamples < CALM_SAMPLES_TO_STEP_UP || state.level === 0) return { ...state, calmSamples };
  return { level: state.level - 1, calmSamples: 0 };
}

/** The outgoing video sample from a stats report, or null before the first RTP packets. */
export function sendSampleOf(report: RTCStatsReport): TSendSample | null {
  let limitation: string | null = null;
  let fractionLost = 0;
  report.forEach((entry: Record<string, unknown>) => {
    if (entry.type === 'outbound-rtp' && entry.kind === 'video') limitation = String(entry.qualityLimitationReason ?? 'none');
    if (entry.type === 'remote-inbound-rtp' && entry.kind === 'video' && typeof entry.fractionLost === 'number') fractionLost = entry.fractionLost;
  });
  return limitation === null ? null : { limitation, fractionLost };
}

async function applyLevel(connection: RTCPeerConnection, level: TSendLevel): Promise<void> {
  const sender = connection.getSenders().find((candidate) => candidate.track?.kind === 'video');
  if (!sender) return;
  const parameters = sender.getParameters();
  if (!parameters.encodings?.length) return;
  parameters.encodings = parameters.encodings.map((encoding) => ({ ...encoding, ...level }));
  await sender.setParameters(parameters);
}

/** Watches `peer`'s outgoing video until the returned function is called. */
export function watchSendQuality(peer: TPeer, onLevel?: (level: number) => void): () => void {
  let state: TSendState = { level: 0, calmSamples: 0 };
  const timer = setInterval(() => {
    const connection = peer.connection();
    if (!connection) return;
    void connection
      .getStats()
      .then(async (report) => {
        const sample = sendSampleOf(report);
        if (!sample) return;
        const next = nextSendState(state, sample);
        if (next.level !== state.level) {
          await applyLevel(connection, SEND_LEVELS[next.level]!);
          onLevel?.(next.level);
        }
        state = next;
      })
      .catch(() => undefined);
  }, SEND_CHECK_MS);
  return () => clearInterval(timer);
}
