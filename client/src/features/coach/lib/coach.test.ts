import { describe, expect, it } from 'vitest';
import {
  AWAY_MS,
  BACK_MS,
  coachCount,
  CUE_REPEAT_REPS,
  coachPresence,
  CUES,
  facingAdvice,
  INITIAL_COACH,
  recentSpreads,
  SETUP_ADVICE,
  setupStatus,
  VIEW_FRAMES,
  VIEW_MIN_FRAMES,
  viewOfSpreads,
  type TCoachState,
} from './coach';

const goodRep = { rangeRatio: 1, worst: null };
const shallowRep = { rangeRatio: 0.6, worst: null };
const leaningRep = { rangeRatio: 0.95, worst: { feature: 'trunk' as const, phase: 'bottom' as const, deltaDeg: 18 } };

describe('coach counts and cues', () => {
  it('says each new count, and the form cue of a faulty rep, colouring the frame', () => {
    const first = coachCount(INITIAL_COACH, 1, goodRep);
    expect(first.say).toEqual(['1']);
    expect(first.state.tone).toBe('good');
    const second = coachCount(first.state, 2, shallowRep);
    expect(second.say).toEqual(['2', CUES.lower]);
    expect(second.state).toMatchObject({ tone: 'fault', cue: CUES.lower });
    const third = coachCount(second.state, 3, leaningRep);
    expect(third.say).toEqual(['3', CUES.chest]);
    expect(coachCount(third.state, 4, goodRep).state).toMatchObject({ tone: 'good', cue: null });
  });

  it('names the fault the engine reports, and says the same cue again only every few reps', () => {
    const faulty = { rangeRatio: 1, worst: null, fault: 'Keep your upper arms still' };
    const first = coachCount(INITIAL_COACH, 1, faulty);
    expect(first.say).toEqual(['1', 'Keep your upper arms still']);
    const second = coachCount(first.state, 2, faulty);
    expect(second.say).toEqual(['2']);
    expect(second.state.cue).toBe('Keep your upper arms still');
    const third = coachCount(second.state, 3, shallowRep);
    expect(third.say).toEqual(['3', CUES.lower]);
    expect(coachCount(third.state, 1 + CUE_REPEAT_REPS, faulty).say).toEqual([String(1 + CUE_REPEAT_REPS), 'Keep your upper arms still']);
  });

  it('says nothing when the count does not grow; a count by hand keeps the colour', () => {
    const two = coachCount(INITIAL_COACH, 2, shallowRep).state;
    expect(coachCount(two, 2, goodRep).say).toEqual([]);
    const byHand = coachCount(two, 3, null);
    expect(byHand.say).toEqual(['3']);
    expect(byHand.state.tone).toBe('fault');
  });
});

describe('coach presence (hands-free)', () => {
  const seen = [] as const;
  const gone = ['shoulders', 'hips', 'knees'] as const;
  const run = (state: TCoachState, frames: [number, readonly string[]][]) => {
    const events: string[] = [];
    let current = state;
    for (const [t, outOfView] of frames) {
      const output = coachPresence(current, t, outOfView as never);
      current = output.state;
      if (output.event) events.push(`${output.event}@${t}`);
    }
    return { state: current, events };
  };

  it('pauses after the person has been out of the picture for a while, resumes once back', () => {
    const { events, state } = run(INITIAL_COACH, [
      [0, seen],
      [100, gone],
      [100 + AWAY_MS - 1, gone],
      [100 + AWAY_MS, gone],
      [3_000, seen],
      [3_000 + BACK_MS, seen],
    ]);
    expect(events).toEqual([`away@${100 + AWAY_MS}`, `back@${3_000 + BACK_MS}`]);
    expect(state.isAway).toBe(false);
  });

  it('ignores a short dropout and never pauses before the person first appears', () => {
    expect(
      run(INITIAL_COACH, [
        [0, gone],
        [5_000, gone],
      ]).events,
    ).toEqual([]);
    expect(
      run(INITIAL_COACH, [
        [0, seen],
        [100, gone],
        [500, seen],
        [100 + AWAY_MS, gone],
      ]).events,
    ).toEqual([]);
  });

  it('speaks when it pauses and resumes', () => {
    const away = run(INITIAL_COACH, [
      [0, seen],
      [10, gone],
    ]).state;
    expect(coachPresence(away, 10 + AWAY_MS, gone as never).say).toEqual([CUES.away]);
  });
});

describe('set-up check', () => {
  it('says where the camera goes for each view, and names the parts it cannot see yet', () => {
    expect(SETUP_ADVICE.side).toContain('to your side');
    expect(SETUP_ADVICE.front).toContain('in front of you');
    expect(setupStatus(INITIAL_COACH.unseen)).toBe('Waiting for the camera…');
    const feetHidden = coachPresence(INITIAL_COACH, 0, ['knees', 'ankles']).state;
    expect(setupStatus(feetHidden.unseen)).toBe('Step back so your knees and ankles are visible');
    // The same view again keeps the state as it was (no new render each frame).
    expect(coachPresence(feetHidden, 30, ['ankles', 'knees']).state).toBe(feetHidden);
    const whole = coachPresence(feetHidden, 60, []).state;
    expect(setupStatus(whole.unseen)).toBe('The camera sees all of you: start when you are ready.');
  });
});

describe('the side the camera sees', () => {
  /** The spreads of `count` frames fed one by one, as the coach keeps them. */
  const feed = (spreads: readonly number[], values: readonly number[]) => values.reduce<number[]>(recentSpreads, [...spreads]);

  it('waits for a few frames, then follows the last second and a half of them', () => {
    expect(viewOfSpreads(feed([], Array(VIEW_MIN_FRAMES - 1).fill(0.9)))).toBeNull();
    expect(viewOfSpreads(feed([], Array(VIEW_MIN_FRAMES).fill(0.1)))).toBe('side');
    const facing = feed([], Array(VIEW_FRAMES).fill(0.9));
    expect(viewOfSpreads(facing)).toBe('facing');
    // Turning side-on: the view follows once most of the kept frames are side-on, and only the last VIEW_FRAMES count.
    const turning = feed(facing, Array(Math.floor(VIEW_FRAMES / 2) + 1).fill(0.1));
    expect(turning).toHaveLength(VIEW_FRAMES);
    expect(viewOfSpreads(turning)).toBe('side');
    // Frames without a measure (a hip out of the picture) do not decide.
    expect(viewOfSpreads(feed(turning, Array(VIEW_FRAMES - 5).fill(Number.NaN)))).toBe('side');
  });

  it('asks to turn when the camera sees the person from another side than the perspective, and keeps the state while nothing changes', () => {
    expect(facingAdvice('front', 'side')).toBe('The camera sees you side-on: face it, this movement is filmed from the front.');
    expect(facingAdvice('front', 'facing')).toBeNull();
    const seenFacing = coachPresence(INITIAL_COACH, 0, [], 'facing').state;
    expect(seenFacing.seenView).toBe('facing');
    expect(coachPresence(seenFacing, 30, [], 'facing').state).toBe(seenFacing);
    // Turning comes first: it changes what the camera sees (a goblet squat's wrists, hidden side-on behind the weight).
    expect(setupStatus(['wrists'], facingAdvice('front', 'side'), ['wrists'])).toBe(facingAdvice('front', 'side'));
    expect(setupStatus(['ankles'], null)).toBe('Step back so your ankles are visible');
    expect(setupStatus(seenFacing.unseen, facingAdvice('side', seenFacing.seenView))).toContain('turn side-on');
    expect(setupStatus(seenFacing.unseen, facingAdvice('front', seenFacing.seenView))).toBe('The camera sees all of you: start when you are ready.');
  });
});
