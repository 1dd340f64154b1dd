/**
 * The live check of the joints that decide a movement's form (the engine's `decidingJoints`): a
 * take whose deciding joints are unseen in most reps is not judged, so the coach says so while it
 * can still be changed. Before the first rep it says what to bring into the picture; during the
 * set, once each time they leave it. Parts must stay out (or back in) for FORM_STEADY_MS before
 * anything changes, so a joint lost for a frame or two says nothing. Pure: time comes in with each frame.
 */
import { andList } from '@movelab/shared';
import { outOfViewHint, type TBodyPart } from '@movelab/shared/movescore/index';

export const FORM_STEADY_MS = 600;

export type TFormCheck = {
  /** The parts out of view that leave the form unjudged, as the coach shows them (steady). */
  shown: readonly TBodyPart[];
  /** The latest frame's, and since when they have been the same. */
  pending: readonly TBodyPart[];
  pendingSince: number;
};

export const NO_FORM_CHECK: TFormCheck = { shown: [], pending: [], pendingSince: 0 };

const isSame = (a: readonly TBodyPart[], b: readonly TBodyPart[]) => a.length === b.length && a.every((part) => b.includes(part));

/** Before the first rep: "Step back so your knees and ankles are visible: your form is judged on them". */
export const formSetupWords = (parts: readonly TBodyPart[]) => `${outOfViewHint(parts)}: your form is judged on them`;
/** During the set, said once as they leave: "Your knees and ankles left the picture: your form is not judged without them". */
export const formLeftWords = (parts: readonly TBodyPart[]) => `Your ${andList(parts)} left the picture: your form is not judged without them`;
/** Shown while they are out during the set. */
export const formAwayWords = (parts: readonly TBodyPart[]) =>
  `Your ${andList(parts)} ${parts.length === 1 && parts[0] === 'head' ? 'is' : 'are'} out of the picture: your form is not judged without them`;

/** While the person is not in the picture (leaving it, or away): what is shown stays, and nothing is pending. */
export function holdForm(check: TFormCheck, t: number): TFormCheck {
  return isSame(check.pending, check.shown) ? check : { ...check, pending: check.shown, pendingSince: t };
}

/**
 * One frame's parts out of view that leave the form unjudged, at `t` ms; `isInSet`: a rep has been
 * counted. Says the parts when they have been out FORM_STEADY_MS: what to bring in before the set,
 * that they left during it; nothing as they come back.
 */
export function checkForm(check: TFormCheck, t: number, parts: readonly TBodyPart[], isInSet: boolean): { check: TFormCheck; say: string[] } {
  const pending = isSame(parts, check.pending) ? check : { ...check, pending: [...parts], pendingSince: t };
  if (isSame(pending.pending, pending.shown) || t - pending.pendingSince < FORM_STEADY_MS) return { check: pending, say: [] };
  const next = { ...pending, shown: pending.pending };
  // Said as they leave (none out before), or when others leave with them; not as they come back.
  const isNews = next.shown.some((part) => !pending.shown.includes(part));
  if (!isNews) return { check: next, say: [] };
  return { check: next, say: [isInSet ? formLeftWords(next.shown) : formSetupWords(next.shown)] };
}
