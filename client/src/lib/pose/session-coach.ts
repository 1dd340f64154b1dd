/**
 * What a camera session (practice, live analysis) asks of the coach, which the app passes in
 * (features do not import each other): counts and frames go in; it speaks, colours the frame
 * and says when the person has left the picture or come back (`onAway` / `onBack`).
 */
import type { ComponentType, ReactNode } from 'react';
import type { TPerspective } from '@movelab/shared';
import type { TBodyPart, TRepScore } from '@movelab/shared/movescore/index';

export type TCoachRep = Pick<TRepScore, 'rangeRatio' | 'worst'> & { fault?: TRepScore['fault'] };
/** The short sounds of a session: a counted rep, the start of a step, the end of a rest. */
export type TChime = 'rep' | 'start' | 'rest-end';
/** What is said and played at a turn of a session (a step starting, a take stopped). */
export type TAnnouncement = { say: string[]; chime: TChime | null };
export type TPerspectiveView = TPerspective['view'];

export type TSessionCoach = {
  /** A new count, with the rep the camera scored (null when counted by hand). */
  count(count: number, rep: TCoachRep | null): void;
  /**
   * One camera frame's body parts out of view and its shoulder spread (shoulderSpread: NaN when not
   * measured), at `t` ms; `formOutOfView`, those of them that leave a joint deciding the form unread
   * (formPartsOutOfView): said before the set, and once as they leave during it.
   */
  frame(t: number, outOfView: readonly TBodyPart[], spread: number, formOutOfView?: readonly TBodyPart[]): void;
  /** Says these lines after whatever is being said (a transition: get ready, rest, set done), unless muted. */
  announce(lines: readonly string[]): void;
  /** Plays a short sound, unless muted. */
  chime(kind: TChime): void;
  /** A new step or take: the count starts again. */
  restart(): void;
  isAway(): boolean;
  /** The camera picture inside the coach's coloured frame. */
  renderFrame(picture: ReactNode): ReactNode;
  /** The rep count, large, with the last rep's cue. */
  renderCount(props: { count: number; target?: number; testId?: string }): ReactNode;
  /** The spoken-cues switch. */
  renderControls(): ReactNode;
  /** Before the first rep: where to put the camera for this view, what it cannot see yet, and whether it sees the person from that side. */
  renderSetup(view: TPerspectiveView): ReactNode;
};

export type TUseSessionCoach = (callbacks: { onAway?: () => void; onBack?: () => void }) => TSessionCoach;

/** The coach's props: what to do when the person leaves or comes back, and what is drawn with the coach. */
export type TSessionCoachProps = { onAway?: () => void; onBack?: () => void; children: (coach: TSessionCoach) => ReactNode };
/**
 * The coach as the app passes it in: a component that runs the coach's hook and hands the coach
 * to its children (a hook passed as a prop would be called out of the rules of hooks' sight).
 */
export type TSessionCoachView = ComponentType<TSessionCoachProps>;
