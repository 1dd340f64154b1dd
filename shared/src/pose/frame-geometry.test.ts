import { describe, expect, it } from 'vitest';
import { KEYPOINT_NAMES, type TKeypoint } from '../movescore/take.js';
import { cropToInput, CropTracker, drawRect, fullFrameCrop, MODEL_INPUT, nextCrop, rgbaToRgb, toKeypoints } from './frame-geometry.js';

/** A MoveNet output where every keypoint sits at normalised (x, y) with `score`. */
const output = (x: number, y: number, score: number) => Float32Array.from(KEYPOINT_NAMES.flatMap(() => [y, x, score]));

describe('frame geometry', () => {
  it('letterboxes a 640x480 frame: centred vertically in a 640 square, drawn 192 wide', () => {
    const crop = fullFrameCrop(640, 480);
    expect(crop).toEqual({ x: 0, y: -80, size: 640 });
    expect(drawRect(crop, 640, 480)).toEqual({ dx: 0, dy: 24, dw: MODEL_INPUT, dh: 144 });
  });

  it('maps the model output back to frame pixels through the letterbox', () => {
    const crop = fullFrameCrop(640, 480);
    // The square's centre is the frame's centre; (0.5, 0.125) is the frame's top edge.
    expect(toKeypoints(output(0.5, 0.5, 0.9), crop)[0]).toEqual({ name: 'nose', x: 320, y: 240, score: 0.9 });
    expect(toKeypoints(output(0.5, 0.125, 0.4), crop)[16]).toMatchObject({ name: 'right_ankle', x: 320, y: 0 });
  });

  it('returns the 17 COCO keypoints in order, scores clamped to 0..1', () => {
    const keypoints = toKeypoints(output(0.1, 0.2, 1.2), { x: 10, y: 20, size: 100 });
    expect(keypoints.map((keypoint) => keypoint.name)).toEqual([...KEYPOINT_NAMES]);
    expect(keypoints[5]).toEqual({ name: 'left_shoulder', x: 20, y: 40, score: 1 });
  });

  it('drops the alpha channel: RGBA bytes to RGB integers', () => {
    const rgba = Uint8ClampedArray.from([1, 2, 3, 255, 4, 5, 6, 128]);
    expect(Array.from(rgbaToRgb(rgba, new Int32Array(6)))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('crops around a confident body for the next frame, and falls back to the whole frame when too little is seen', () => {
    const body: TKeypoint[] = KEYPOINT_NAMES.map((name, index) => ({ name, x: 300 + (index % 2) * 40, y: 100 + index * 10, score: 0.8 }));
    const crop = nextCrop(body, 640, 480);
    // Body 40 x 160 px around (320, 180): a square 1.5 times the tallest side, centred on it.
    expect(crop).toEqual({ x: 320 - 120, y: 180 - 120, size: 240 });
    const faint = body.map((keypoint) => ({ ...keypoint, score: 0.1 }));
    expect(nextCrop(faint, 640, 480)).toEqual(fullFrameCrop(640, 480));
  });

  it('never crops smaller than a third of the frame (a lone wrist is not a body)', () => {
    const tiny: TKeypoint[] = KEYPOINT_NAMES.map((name) => ({ name, x: 100, y: 100, score: 0.9 }));
    expect(nextCrop(tiny, 640, 480).size).toBe(160);
  });

  it('scales an RGB frame into the model input by area averaging, black past the frame edges', () => {
    // A 4x2 frame: the left 2x2 block red, the right one (0, 100, 200).
    const rgb = Uint8Array.from([255, 0, 0, 255, 0, 0, 0, 100, 200, 0, 100, 200, 255, 0, 0, 255, 0, 0, 0, 100, 200, 0, 100, 200]);
    // A 2x2 crop of the left block is red; a 1x1 one of the right block is its colour.
    expect(Array.from(cropToInput(rgb, 4, 2, { x: 0, y: 0, size: 2 }, new Int32Array(12), 2))).toEqual([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]);
    expect(Array.from(cropToInput(rgb, 4, 2, { x: 2, y: 0, size: 2 }, new Int32Array(3), 1))).toEqual([0, 100, 200]);
    // The whole frame letterboxed into a 2x2 input (a 4x4 square from y = -1): each input
    // pixel is half a block and half black padding.
    const out = cropToInput(rgb, 4, 2, fullFrameCrop(4, 2), new Int32Array(12), 2);
    expect(Array.from(out)).toEqual([128, 0, 0, 0, 50, 100, 128, 0, 0, 0, 50, 100]);
    // A 1-input-pixel crop straddling both blocks averages them.
    expect(Array.from(cropToInput(rgb, 4, 2, { x: 1, y: 0, size: 2 }, new Int32Array(3), 1))).toEqual([128, 50, 100]);
  });

  it('fills the model input from a uniform frame with that colour wherever the crop lies inside it', () => {
    const rgb = new Uint8Array(640 * 480 * 3).map((_, index) => [10, 20, 30][index % 3]!);
    const out = cropToInput(rgb, 640, 480, { x: 101.5, y: 50.25, size: 333.3 }, new Int32Array(MODEL_INPUT * MODEL_INPUT * 3));
    expect(new Set(out)).toEqual(new Set([10, 20, 30]));
  });

  it('tracks the person between frames, and starts from the whole frame again when the picture size changes', () => {
    const tracker = new CropTracker();
    expect(tracker.next(640, 480)).toEqual(fullFrameCrop(640, 480));
    const body: TKeypoint[] = KEYPOINT_NAMES.map((name, index) => ({ name, x: 300 + (index % 2) * 40, y: 100 + index * 10, score: 0.8 }));
    tracker.seen(body, 640, 480);
    expect(tracker.next(640, 480)).toEqual(nextCrop(body, 640, 480));
    expect(tracker.next(480, 640)).toEqual(fullFrameCrop(480, 640));
  });
});
