/**
 * What the desktop shows about each camera's stream, from the connection's stats: the decoded
 * picture size and frame rate, the round-trip time of the pair in use, and whether it goes
 * through a TURN relay.
 */
export type TReceiveStats = { width: number; height: number; fps: number; rttMs: number | null; isRelayed: boolean };

export const RECEIVE_STATS_MS = 1_000;

type TEntry = Record<string, unknown>;

export function receiveStatsOf(report: RTCStatsReport): TReceiveStats | null {
  const entries = new Map<string, TEntry>();
  report.forEach((entry: TEntry) => entries.set(String(entry.id), entry));
  const all = [...entries.values()];
  const video = all.find((entry) => entry.type === 'inbound-rtp' && entry.kind === 'video');
  if (!video || typeof video.frameWidth !== 'number') return null;
  const transport = all.find((entry) => entry.type === 'transport');
  const pair =
    (transport && entries.get(String(transport.selectedCandidatePairId))) ??
    all.find((entry) => entry.type === 'candidate-pair' && entry.nominated === true && entry.state === 'succeeded');
  const local = pair ? entries.get(String(pair.localCandidateId)) : undefined;
  const rtt = pair?.currentRoundTripTime;
  return {
    width: video.frameWidth,
    height: Number(video.frameHeight ?? 0),
    fps: Math.round(Number(video.framesPerSecond ?? 0)),
    rttMs: typeof rtt === 'number' ? Math.round(rtt * 1000) : null,
    isRelayed: local?.candidateType === 'relay',
  };
}

export function receiveStatsText(stats: TReceiveStats): string {
  const rtt = stats.rttMs === null ? 'RTT …' : `RTT ${stats.rttMs} ms`;
  return `${stats.width}×${stats.height} · ${stats.fps} fps · ${rtt} · ${stats.isRelayed ? 'via TURN relay' : 'direct'}`;
}
