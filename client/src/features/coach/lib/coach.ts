/**
 * The coach's decisions, from the live rep counter's answers: what to say (the count, one form
 * cue per rep), the frame's colour (green while form holds, amber on a fault) and whether the
 * person has left the picture (so the session pauses) or come back (so it resumes).
 * Pure: time comes in with each update, so the rules are tested without a camera.
 */
import { cameraViewOf, outOfViewHint, viewAdvice, type TBodyPart, type TCameraView } from '@movelab/shared/movescore/index';
import type { TCoachRep, TPerspectiveView } from '@/lib/pose/session-coach';
import { checkForm, formSetupWords, holdForm, NO_FORM_CHECK, type TFormCheck } from './form-check';

/** A rep reaching less than this share of the reference's range is "go lower". */
export const SHALLOW_RANGE = 0.8;
/** Leaning this much further forward than the reference (trunk angle) is "keep your chest up". */
export const LEAN_DEGREES = 10;
/** The same form cue is said again only this many reps after it was last said: a coach that does not nag. */
export const CUE_REPEAT_REPS = 3;
/** Out of the picture this long pauses; back in it this long resumes. */
export const AWAY_MS = 1_500;
export const BACK_MS = 700;
/** A person counts as in the picture while these parts are seen. */
const PRESENCE_PARTS: readonly TBodyPart[] = ['shoulders', 'hips'];

export const CUES = {
  lower: 'Go lower',
  chest: 'Keep your chest up',
  away: 'Paused until you are back in the picture',
  back: 'Welcome back',
} as const;

export type TTone = 'idle' | 'good' | 'fault';

export type TCoachState = {
  count: number;
  tone: TTone;
  /** The form cue of the last rep, shown under the count. */
  cue: string | null;
  /** The form cue said last and the count it was said at (cues are shown every rep, said less often). */
  spoken: { cue: string; count: number } | null;
  /** Whether the person has been in the picture yet: nobody can leave before arriving. */
  hasBeenSeen: boolean;
  isAway: boolean;
  /** Since when the presence has differed from `isAway` (null while it agrees). */
  changingSince: number | null;
  /** The body parts the camera did not see in the last frame (null before the first frame). */
  unseen: readonly TBodyPart[] | null;
  /** The side the camera sees the person from over the last frames (null: not yet, or at an angle). */
  seenView: TCameraView | null;
  /** The parts out of view that leave the form unjudged (form-check.ts). */
  form: TFormCheck;
};

export type TCoachOutput = { state: TCoachState; say: string[]; event: 'away' | 'back' | null };

export const INITIAL_COACH: TCoachState = {
  count: 0,
  tone: 'idle',
  cue: null,
  spoken: null,
  hasBeenSeen: false,
  isAway: false,
  changingSince: null,
  unseen: null,
  seenView: null,
  form: NO_FORM_CHECK,
};

/** The cue for a finished rep: the coach's short words, else the fault the engine names, or null when its form holds. */
export function repCue(rep: TCoachRep): string | null {
  if (rep.rangeRatio < SHALLOW_RANGE) return CUES.lower;
  if (rep.worst?.feature === 'trunk' && rep.worst.deltaDeg >= LEAN_DEGREES) return CUES.chest;
  return rep.fault ?? null;
}

/** A new count (from the camera, with its scored rep, or from the count button, without). */
export function coachCount(state: TCoachState, count: number, rep: TCoachRep | null): TCoachOutput {
  if (count <= state.count) return { state: count < state.count ? { ...state, count, tone: 'idle', cue: null } : state, say: [], event: null };
  const cue = rep ? repCue(rep) : null;
  const tone: TTone = rep ? (cue ? 'fault' : 'good') : state.tone;
  const isSaid = !!cue && (state.spoken?.cue !== cue || count - state.spoken.count >= CUE_REPEAT_REPS);
  const spoken = isSaid ? { cue, count } : state.spoken;
  return { state: { ...state, count, tone, cue, spoken }, say: isSaid ? [String(count), cue] : [String(count)], event: null };
}

/** How many of the last frames' shoulder spreads tell the camera's view: about a second and a half. */
export const VIEW_FRAMES = 45;

/** The last frames' shoulder spreads with this frame's added (NaN when not measured), at most VIEW_FRAMES. */
export function recentSpreads(previous: readonly number[], spread: number): number[] {
  return [...previous.slice(-(VIEW_FRAMES - 1)), spread];
}

/** How many frames the view waits for: few, so that a slow device (a few poses a second) still says it early. */
export const VIEW_MIN_FRAMES = 8;

/** The camera's view the last frames say, once there are enough of them. */
export function viewOfSpreads(spreads: readonly number[]): TCameraView | null {
  return spreads.length >= VIEW_MIN_FRAMES ? cameraViewOf(spreads) : null;
}

/**
 * One camera frame's body parts out of view, at time `t` (ms): leaving and coming back; and
 * the side the camera sees the person from, as the last frames say (`seenView`).
 */
export function coachPresence(
  previous: TCoachState,
  t: number,
  outOfView: readonly TBodyPart[],
  seenView: TCameraView | null = previous.seenView,
): TCoachOutput {
  const isSameView =
    previous.unseen !== null && previous.unseen.length === outOfView.length && outOfView.every((part) => previous.unseen!.includes(part));
  const unseen = isSameView ? previous : { ...previous, unseen: [...outOfView] };
  const state = seenView === unseen.seenView ? unseen : { ...unseen, seenView };
  const isSeen = PRESENCE_PARTS.every((part) => !outOfView.includes(part));
  const seen = isSeen && !state.hasBeenSeen ? { ...state, hasBeenSeen: true } : state;
  const isChanging = seen.hasBeenSeen && isSeen === seen.isAway;
  if (!isChanging) return { state: seen.changingSince === null ? seen : { ...seen, changingSince: null }, say: [], event: null };
  const since = seen.changingSince ?? t;
  if (t - since < (seen.isAway ? BACK_MS : AWAY_MS)) {
    return { state: since === seen.changingSince ? seen : { ...seen, changingSince: since }, say: [], event: null };
  }
  const isAway = !seen.isAway;
  return { state: { ...seen, isAway, changingSince: null }, say: [isAway ? CUES.away : CUES.back], event: isAway ? 'away' : 'back' };
}

/**
 * One camera frame: presence and view (coachPresence), and the parts out of view that leave the
 * form unjudged (`formOutOfView`: said before the set, and once as they leave during it).
 */
export function coachFrame(
  previous: TCoachState,
  t: number,
  outOfView: readonly TBodyPart[],
  seenView: TCameraView | null,
  formOutOfView: readonly TBodyPart[],
): TCoachOutput {
  const presence = coachPresence(previous, t, outOfView, seenView);
  // Leaving the picture altogether, or out of it, the pause says it all.
  const isPresent = PRESENCE_PARTS.every((part) => !outOfView.includes(part));
  const form =
    presence.state.isAway || !isPresent
      ? { check: holdForm(presence.state.form, t), say: [] }
      : checkForm(presence.state.form, t, formOutOfView, presence.state.count > 0);
  if (form.check === presence.state.form) return presence;
  return { ...presence, state: { ...presence.state, form: form.check }, say: [...presence.say, ...form.say] };
}

/** Where to put the camera for a perspective's view, before the first rep. */
export const SETUP_ADVICE: Readonly<Record<TPerspectiveView, string>> = {
  side: 'Put the camera at hip height, 2 to 3 m to your side, so it sees you in profile from head to feet.',
  front: 'Put the camera at hip height, 2 to 3 m in front of you, so it sees you from head to feet.',
  back: 'Put the camera at hip height, 2 to 3 m behind you, so it sees you from head to feet.',
  other: 'Put the camera 2 to 3 m away at hip height, so it sees you from head to feet.',
};

/** How to turn when the camera sees the person from another side than the perspective's (null when it agrees or is not known). */
export const facingAdvice = (view: TPerspectiveView, seen: TCameraView | null): string | null => viewAdvice(view, seen, 'live');

/**
 * What the set-up check says about the last frames: first whether it sees the person from the
 * perspective's side (turning changes what the camera sees, so it comes before any part), then
 * the parts the form is judged on that it cannot see, then the other body parts.
 */
export function setupStatus(unseen: readonly TBodyPart[] | null, facing: string | null = null, formUnseen: readonly TBodyPart[] = []): string {
  if (unseen === null) return 'Waiting for the camera…';
  if (facing) return facing;
  if (formUnseen.length > 0) return formSetupWords(formUnseen);
  return outOfViewHint(unseen) ?? 'The camera sees all of you: start when you are ready.';
}
