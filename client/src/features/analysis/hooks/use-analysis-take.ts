import type { TPerspective } from '@movelab/shared';
import {
  liveRepScore,
  partsOutOfView,
  scoreTake,
  shoulderSpread,
  takeCameraView,
  viewAdvice,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { formPartsOutOfView } from '@movelab/shared/movescore/judged';
import { useRef, useState } from 'react';
import { errorText } from '@/lib/errors';
import { stopStream } from '@/lib/pose/camera';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TVideoSource } from '@/lib/pose/use-pose-feed';
import type { TFinished } from '../lib/finished';
import { LiveSession } from '../lib/live-session';
import { useTakeVideo } from './use-take-video';

export type TTakePhase = 'choose' | 'countdown' | 'recording' | 'done';
/** What the take shows as it goes: its count, the hint, the last rep's score and its seconds. */
type TLive = { count: number; hint: string | null; lastRepScore: number | null; seconds: number };

const NO_LIVE: TLive = { count: 0, hint: null, lastRepScore: null, seconds: 0 };

/** The take scored against the reference; filmed from another side than the perspective's, the result says so first. */
function scoredTake(reference: TReference, view: TPerspective['view'], take: TTake): TFinished['result'] {
  const scored = scoreTake(reference, take);
  const advice = viewAdvice(view, takeCameraView(take), 'filmed');
  return advice ? { ...scored, feedback: [advice, ...scored.feedback] } : scored;
}

/** Shows the coach a live picture's frame; answers whether the person is out of the picture. */
function isAwayAt(coach: TSessionCoach, reference: TReference, result: TPoseResult): boolean {
  const outOfView = partsOutOfView(result.frame, { width: result.width, height: result.height });
  coach.frame(result.frame.t, outOfView, shoulderSpread(result.frame), formPartsOutOfView(reference, outOfView));
  return coach.isAway();
}

type TTakeOptions = {
  reference: TReference;
  view: TPerspective['view'];
  coach: TSessionCoach;
  /** A replay is offered: a live picture is recorded for it. */
  hasReplay: boolean;
};

/**
 * One analysis take from its source to its result: the source chosen, the countdown, the
 * recording (poses counted as they come, the coach fed for a live picture) and the scored take.
 */
export function useAnalysisTake({ reference, view, coach, hasReplay }: TTakeOptions) {
  const [source, setSource] = useState<TVideoSource | null>(null);
  const [phase, setPhase] = useState<TTakePhase>('choose');
  const [live, setLive] = useState<TLive>(NO_LIVE);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<TFinished | null>(null);
  const sessionRef = useRef<LiveSession | null>(null);
  const takeVideo = useTakeVideo(hasReplay);
  const startedAt = useRef(new Date().toISOString());
  // A live picture (this device's camera or the phone's) is coached; a file is not.
  const isCoached = !!source && source.kind !== 'file';
  const finish = () => {
    if (phase !== 'recording') return;
    const take = sessionRef.current?.recorder.toTake() ?? null;
    setPhase('done');
    if (sessionRef.current && source) takeVideo.keep(source, sessionRef.current.recorder);
    if (source?.kind === 'camera') stopStream(source.stream);
    if (!take) {
      setError('Nothing was recorded: no pose was seen. Check the camera shows you, then try again.');
      return;
    }
    try {
      setFinished({ result: scoredTake(reference, view, take), take, source: source?.kind ?? 'camera', startedAt: startedAt.current });
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const beginRecording = () => {
    sessionRef.current = new LiveSession(reference);
    startedAt.current = new Date().toISOString();
    takeVideo.start(source);
    coach.restart();
    setLive(NO_LIVE);
    setPhase('recording');
  };
  /** The source is open: a file has no countdown, it is analysed from its first frame. */
  const open = (next: TVideoSource) => {
    setSource(next);
    if (next.kind === 'file') beginRecording();
    else setPhase('countdown');
  };
  /** A pose of the recording: while the person is out of a live picture (hands-free), the recording pauses. */
  const record = (current: LiveSession, result: TPoseResult) => {
    if (isCoached && isAwayAt(coach, reference, result)) return;
    const update = current.push(result);
    if (!update) return;
    if (isCoached) coach.count(update.count, update.rep);
    setLive((previous) => ({
      count: update.count,
      hint: update.hint,
      lastRepScore: update.rep ? liveRepScore(reference, update.rep, update.countedOn) : previous.lastRepScore,
      seconds: Math.floor(current.recorder.durationMs / 1000),
    }));
  };
  const restart = () => {
    setFinished(null);
    setSource(null);
    setError(null);
    setLive(NO_LIVE);
    sessionRef.current = null;
    takeVideo.clear();
    setPhase('choose');
  };
  return {
    source,
    phase,
    live,
    error,
    setError,
    finished,
    isCoached,
    sessionRef,
    takeVideo: takeVideo.takeVideo,
    finish,
    beginRecording,
    open,
    record,
    restart,
  };
}

export type TAnalysisTake = ReturnType<typeof useAnalysisTake>;
