/**
 * What the replay shows around the video, in the video's own time (seconds): each rep with its
 * score and fault, and each feedback line with the moments (rep and time) it is about.
 */
import { feedbackMoments, featureKeypoints, type TTakeAnalysis } from '@movelab/shared/movescore/index';
import { KEYPOINT_INDEX } from '@movelab/shared/movescore/index';

/** A rep on the timeline; `score` null where the take's form was not judged (its reps' scores claim what the camera did not see). */
export type TReplayRep = { index: number; startS: number; endS: number; score: number | null; fault: string | null };
export type TReplayLine = {
  text: string;
  /** Reps the line is about (indexes), and per rep the moment it is about, video seconds. */
  reps: number[];
  moments: Array<{ rep: number; atS: number }>;
  /** Keypoint indexes of the joints it concerns. */
  joints: number[];
};
export type TReplayTimeline = { reps: TReplayRep[]; lines: TReplayLine[]; durationS: number };

/** The timeline of an analysis whose take starts `offsetMs` into the video. */
export function replayTimeline(analysis: TTakeAnalysis, offsetMs: number, videoDurationS?: number): TReplayTimeline {
  const toS = (tMs: number) => (tMs + offsetMs) / 1000;
  const moments = feedbackMoments(analysis);
  const reps = analysis.aligned.map(({ rep, score }, index) => ({
    index,
    startS: toS(rep.startMs),
    endS: toS(rep.endMs),
    score: analysis.result.score === null ? null : score.score,
    fault: score.fault,
  }));
  const lines = analysis.feedback.map((line, index) => ({
    text: line.text,
    reps: line.reps,
    moments: moments.filter((moment) => moment.line === index).map((moment) => ({ rep: moment.rep, atS: toS(moment.tMs) })),
    joints: [...new Set(line.features.flatMap(featureKeypoints))].map((name) => KEYPOINT_INDEX[name]),
  }));
  const takeEndS = toS(analysis.result.durationMs);
  const durationS = videoDurationS && Number.isFinite(videoDurationS) ? Math.max(videoDurationS, takeEndS) : takeEndS;
  return { reps, lines, durationS };
}

/** The rep playing at video time `atS`, or -1. */
export function repAtTime(timeline: TReplayTimeline, atS: number): number {
  return timeline.reps.findIndex((rep) => atS >= rep.startS && atS <= rep.endS);
}
