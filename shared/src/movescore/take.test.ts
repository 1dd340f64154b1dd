import { describe, expect, it } from 'vitest';
import { isMovelabError } from '../errors.js';
import { generateTake } from './generate.js';
import { buildReference } from './reference.js';
import { parseReference } from './reference-schema.js';
import { scoreTake } from './score.js';
import { KEYPOINT_NAMES, parseTake, TAKE_LIMITS } from './take.js';

/** The error a call throws, or a failure when it does not throw. */
function thrown(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

const good = () => generateTake({ reps: 1, seed: 2 });

/** A node of a take as plain JSON, to spoil it in ways its type forbids. */
type TLoose = Record<string | number, unknown>;
const at = (value: unknown, ...path: Array<string | number>): TLoose => path.reduce<TLoose>((node, key) => node[key] as TLoose, value as TLoose);

describe('take format', () => {
  it('accepts a generated take with all 17 COCO keypoints per frame', () => {
    const take = parseTake(good());
    expect(take.frames.length).toBeGreaterThan(30);
    expect(take.frames[0]!.keypoints.map((keypoint) => keypoint.name)).toEqual([...KEYPOINT_NAMES]);
  });

  it.each([
    ['a missing width', (take: unknown) => delete at(take).width, 'take.width'],
    ['a zero fps', (take: unknown) => (at(take).fps = 0), 'take.fps'],
    ['an unknown keypoint name', (take: unknown) => (at(take, 'frames', 3, 'keypoints', 2).name = 'left_toe'), 'take.frames[3].keypoints[2].name'],
    ['a score above 1', (take: unknown) => (at(take, 'frames', 5, 'keypoints', 0).score = 1.5), 'take.frames[5].keypoints[0].score'],
    ['a coordinate that is not a number', (take: unknown) => (at(take, 'frames', 1, 'keypoints', 4).x = 'left'), 'take.frames[1].keypoints[4].x'],
    ['time going backwards', (take: unknown) => (at(take, 'frames', 7).t = at(take, 'frames', 6).t), 'take.frames[7].t'],
    ['a keypoint listed twice', (take: unknown) => (at(take, 'frames', 2, 'keypoints', 1).name = 'nose'), 'take.frames[2].keypoints[1].name'],
    ['frames that are not a list', (take: unknown) => (at(take).frames = {}), 'take.frames'],
    ['a fractional width', (take: unknown) => (at(take).width = 640.5), 'take.width'],
    ['an x that is NaN', (take: unknown) => (at(take, 'frames', 4, 'keypoints', 3).x = Number.NaN), 'take.frames[4].keypoints[3].x'],
    ['an infinite y', (take: unknown) => (at(take, 'frames', 4, 'keypoints', 3).y = Number.POSITIVE_INFINITY), 'take.frames[4].keypoints[3].y'],
    ['a negative score', (take: unknown) => (at(take, 'frames', 0, 'keypoints', 16).score = -0.1), 'take.frames[0].keypoints[16].score'],
    ['a time that is not a number', (take: unknown) => (at(take, 'frames', 0).t = '0'), 'take.frames[0].t'],
    [
      '18 keypoints in a frame',
      (take: unknown) =>
        (at(take, 'frames', 9).keypoints as unknown[]).push({
          ...at(take, 'frames', 9, 'keypoints', 0),
        }),
      'take.frames[9].keypoints',
    ],
  ])('refuses %s, naming the field', (_label, spoil, field) => {
    const take = good();
    spoil(take);
    const error = thrown(() => parseTake(take));
    expect(isMovelabError(error)).toBe(true);
    expect(error.message).toContain(field);
    expect(error.message.startsWith('Invalid take:')).toBe(true);
  });

  it('refuses a take longer than the size limit', () => {
    const frames = Array.from({ length: TAKE_LIMITS.maxFrames + 1 }, (_, index) => ({ t: index, keypoints: [] }));
    const error = thrown(() => parseTake({ width: 640, height: 480, fps: 60, frames }));
    expect(error.message).toContain('take.frames: at most 72000 frames');
  });

  it('refuses a malformed take when scoring and leaves the reference untouched', () => {
    const reference = buildReference(generateTake({ reps: 2, seed: 3 }));
    const before = JSON.stringify(reference);
    const error = thrown(() =>
      scoreTake(reference, {
        width: 640,
        height: 480,
        fps: 30,
        frames: [{ t: -5, keypoints: [] }],
      }),
    );
    expect(error.message).toContain('take.frames[0].t');
    expect(JSON.stringify(reference)).toBe(before);
  });

  it('refuses a malformed reference, naming the field', () => {
    const reference = buildReference(generateTake({ reps: 2, seed: 3 }));
    expect(thrown(() => parseReference({ ...reference, version: 99 })).message).toContain('reference.version');
    expect(thrown(() => parseReference({ ...reference, weights: [1] })).message).toContain('reference.weights: needs one weight per feature');
    expect(thrown(() => scoreTake({ ...reference, primary: 'tail' }, good())).message).toContain('reference.primary');
  });
});
