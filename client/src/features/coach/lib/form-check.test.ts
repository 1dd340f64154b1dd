import { describe, expect, it } from 'vitest';
import { buildReference, formPartsOutOfView, generateTake } from '@movelab/shared/movescore/index';
import { coachFrame, INITIAL_COACH, setupStatus, type TCoachState } from './coach';
import { FORM_STEADY_MS, formAwayWords } from './form-check';
import type { TBodyPart } from '@movelab/shared/movescore/index';

/** Frames at `t` with the form's parts out of view, all else seen; what was said, and the state at the end. */
function run(state: TCoachState, frames: [t: number, formOut: TBodyPart[]][]) {
  const said: string[] = [];
  let current = state;
  for (const [t, formOut] of frames) {
    const output = coachFrame(current, t, formOut, null, formOut);
    said.push(...output.say.map((line) => `${line}@${t}`));
    current = output.state;
  }
  return { said, state: current };
}

const LEGS: TBodyPart[] = ['knees', 'ankles'];

describe("the live check of the joints a movement's form is judged on", () => {
  it('names the parts a push-up is judged on that a frame leaves out: the body line needs the knees or the ankles', () => {
    const pushUp = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    expect(formPartsOutOfView(pushUp, ['knees', 'ankles'])).toEqual(['knees', 'ankles']);
    expect(formPartsOutOfView(pushUp, ['ankles'])).toEqual([]);
    expect(formPartsOutOfView(pushUp, ['head'])).toEqual([]);
    const squat = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 21 }), { kind: 'squat' });
    expect(formPartsOutOfView(squat, ['shoulders', 'head'])).toEqual(['shoulders']);
  });

  it('before the first rep, shows and says once what to bring into the picture, and is not ready until it is there', () => {
    const before = run(INITIAL_COACH, [
      [0, LEGS],
      [300, LEGS],
      [FORM_STEADY_MS, LEGS],
      [2_000, LEGS],
    ]);
    expect(before.said).toEqual([`Step back so your knees and ankles are visible: your form is judged on them@${FORM_STEADY_MS}`]);
    expect(setupStatus(before.state.unseen, null, before.state.form.shown)).toBe(
      'Step back so your knees and ankles are visible: your form is judged on them',
    );
    const inView = run(before.state, [
      [2_100, []],
      [2_100 + FORM_STEADY_MS, []],
    ]);
    expect(inView.said).toEqual([]);
    expect(setupStatus(inView.state.unseen, null, inView.state.form.shown)).toBe('The camera sees all of you: start when you are ready.');
  });

  it('during the set, says once when they leave the picture, not for a frame or two, and again only after they came back', () => {
    const inSet = { ...INITIAL_COACH, count: 3 };
    const flicker = run(inSet, [
      [0, LEGS],
      [200, []],
      [400, LEGS],
      [500, []],
    ]);
    expect(flicker.said).toEqual([]);
    const left = run(flicker.state, [
      [1_000, LEGS],
      [1_000 + FORM_STEADY_MS, LEGS],
      [3_000, LEGS],
      [5_000, LEGS],
    ]);
    expect(left.said).toEqual([`Your knees and ankles left the picture: your form is not judged without them@${1_000 + FORM_STEADY_MS}`]);
    expect(formAwayWords(left.state.form.shown)).toBe('Your knees and ankles are out of the picture: your form is not judged without them');
    const again = run(left.state, [
      [6_000, []],
      [6_000 + FORM_STEADY_MS, []],
      [8_000, LEGS],
      [8_000 + FORM_STEADY_MS, LEGS],
    ]);
    expect(again.said).toEqual([`Your knees and ankles left the picture: your form is not judged without them@${8_000 + FORM_STEADY_MS}`]);
  });

  it('says nothing of the form while the person is out of the picture altogether: the pause says it', () => {
    const everything: TBodyPart[] = ['head', 'shoulders', 'elbows', 'wrists', 'hips', 'knees', 'ankles'];
    const seen = coachFrame({ ...INITIAL_COACH, count: 2 }, 0, [], null, []).state;
    let state = seen;
    const said: string[] = [];
    for (const t of [100, 1_000, 2_000, 3_000]) {
      const output = coachFrame(state, t, everything, null, LEGS);
      said.push(...output.say);
      state = output.state;
    }
    expect(said).toEqual(['Paused until you are back in the picture']);
  });
});
