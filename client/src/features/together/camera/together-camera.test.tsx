import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TActivity, TGroupPlan, TMovement, TPerspective, TRoutine } from '@movelab/shared';
import { buildReference, parseTake } from '@movelab/shared/movescore/index';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import type * as PoseFeed from '@/lib/pose/use-pose-feed';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { TogetherCamera, type TTogetherCameraProps } from './together-camera';

/** The poses the camera reads: the test hands them on as the pose worker would. */
const feed = vi.hoisted(() => ({ onPose: (_result: unknown): void => undefined }));
vi.mock('@/lib/pose/use-pose-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof PoseFeed>()),
  usePoseFeed: (options: { onPose: (result: unknown) => void }) => {
    feed.onPose = options.onPose;
  },
}));

// MoveNet keypoints of a real man doing two goblet squats after 9 s of standing (gateway/assets/motion/README.md).
const goblet = parseTake(JSON.parse(readFileSync(path.join(__dirname, '../../../../../gateway/assets/motion/squat_side_goblet_2reps.json'), 'utf8')));
const TAKE_MS = goblet.frames.at(-1)!.t + 33;

const activity: TActivity = {
  id: 'legs',
  name: 'Legs',
  nameLowercase: 'legs',
  categoryId: 'c1',
  description: '',
  imageUrl: '',
  difficulty: 'beginner',
  durationMinutes: 10,
};
const movement = (id: string, name: string, movescore: TMovement['movescore']): TMovement => ({
  id,
  activityId: 'legs',
  name,
  description: '',
  instructions: [],
  mediaUrl: '',
  unit: 'reps',
  movescore,
});
// Its reference is the demo catalogue's: built from the same real take (gateway/src/seed.ts).
const gobletSquat = movement('goblet-squat', 'Goblet squat', { groupId: 'g1', movementId: 'm1', perspectiveId: 'side' });
const sideView: TPerspective = {
  id: 'side',
  name: 'Side',
  view: 'side',
  instructions: '',
  kind: 'squat',
  reference: buildReference(goblet, { kind: 'squat' }),
};
// No reference motion is known for it.
const deadBug = movement('dead-bug', 'Dead bug', null);
const routine: TRoutine = {
  id: 'legs-day',
  activityId: 'legs',
  name: 'Legs day',
  description: '',
  steps: [
    { movementId: 'goblet-squat', reps: 10, restSeconds: 30 },
    { movementId: 'goblet-squat', reps: 10, restSeconds: 30 },
    { movementId: 'dead-bug', reps: 10, restSeconds: 0 },
  ],
};

const backend = () =>
  createFakeBackend({
    catalog: {
      getRoutine: async (id) => (id === routine.id ? routine : null),
      getActivity: async () => activity,
      listMovements: async () => [gobletSquat, deadBug],
      getMovement: async (id) => [gobletSquat, deadBug].find((each) => each.id === id) ?? null,
    },
    movescore: { getPerspective: async () => sideView },
  });

/** jsdom has no workers: the pose model's worker never answers (the model stays loading). */
class SilentWorker {
  onmessage = null;
  onerror = null;
  postMessage() {}
  terminate() {}
}
const track = () => ({ stop: vi.fn() });
const fakeStream = () => {
  const tracks = [track()];
  return { getTracks: () => tracks } as unknown as MediaStream;
};
const getUserMedia = vi.fn(async () => fakeStream());

let clock = 0;
/** The take's frames through the camera, one after another in time, as the feed hands them on. */
function play(frames = goblet.frames) {
  act(() => {
    for (const frame of frames)
      feed.onPose({ frame: { ...frame, t: clock + frame.t }, width: goblet.width, height: goblet.height, inferenceMs: 20 } satisfies TPoseResult);
  });
  clock += TAKE_MS;
}

/** The host's moves as the group screen hands them to the camera: the step, and whether it runs. */
class Moves {
  private apply: (next: Partial<TTogetherCameraProps>) => void = () => undefined;
  attach(apply: (next: Partial<TTogetherCameraProps>) => void) {
    this.apply = apply;
  }
  move(next: Partial<TTogetherCameraProps>) {
    act(() => this.apply(next));
  }
}
function GroupScreen({ moves, ...initial }: TTogetherCameraProps & { moves: Moves }) {
  const [props, setProps] = useState(initial);
  useEffect(() => moves.attach((next) => setProps((current) => ({ ...current, ...next }))), [moves]);
  return <TogetherCamera {...props} />;
}

function renderCamera(props: Partial<TTogetherCameraProps> = {}) {
  const onCount = vi.fn();
  const moves = new Moves();
  const all = { plan: { routineId: routine.id, stepCount: 3 } as TGroupPlan, step: 0, isCounting: false, onCount, ...props };
  renderWithProviders(<GroupScreen {...all} moves={moves} />, { backend: backend() });
  return { onCount, rerender: (next: Partial<TTogetherCameraProps>) => moves.move(next) };
}
const ownCount = () => screen.getByTestId('together-own-count');

describe('TogetherCamera', () => {
  beforeEach(() => {
    clock = 0;
    vi.stubGlobal('Worker', SilentWorker);
    // jsdom has no cameras: this device's camera is a stream with one track.
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    getUserMedia.mockClear();
    getUserMedia.mockImplementation(async () => fakeStream());
  });
  afterEach(() => {
    // Unmounted first: the video is let go of with the stubs still in place.
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    vi.restoreAllMocks();
  });

  it('counts the real goblet squats only while the step runs, each rep as it ends, and from zero at the next step', async () => {
    const { onCount, rerender } = renderCamera();
    expect(screen.getByRole('progressbar', { name: 'Pose model loading' })).toBeInTheDocument();
    expect(screen.getByText('Loading the pose model on this device… 0%')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Reading this step's movement…")).not.toBeInTheDocument());
    expect(screen.queryByTestId('together-not-counted')).not.toBeInTheDocument();

    // The countdown: the skeleton is drawn, nothing is counted.
    play();
    expect(onCount).not.toHaveBeenCalled();
    expect(ownCount()).toHaveTextContent('0 reps');

    rerender({ isCounting: true });
    play();
    expect(onCount.mock.calls.map(([count]) => count.reps)).toEqual([1, 2]);
    // Each rep scored as it ends: the take against the reference built from it is judged, and close.
    for (const [count] of onCount.mock.calls) expect(count.score).toBeGreaterThan(0.8);
    expect(screen.getByText(/^Latest rep: \d+%$/)).toBeInTheDocument();
    expect(ownCount()).toHaveTextContent('2 reps');
    expect(ownCount()).toHaveAttribute('aria-live', 'polite');

    // The rest: still not counted.
    rerender({ isCounting: false });
    play();
    expect(onCount).toHaveBeenCalledTimes(2);

    // The next step counts from zero.
    rerender({ step: 1, isCounting: false });
    expect(ownCount()).toHaveTextContent('0 reps');
    rerender({ step: 1, isCounting: true });
    play(goblet.frames.slice(0, Math.floor(goblet.frames.length * 0.75)));
    expect(onCount.mock.calls.slice(2).map(([count]) => count.reps)).toEqual([1]);
    expect(ownCount()).toHaveTextContent('1 rep');

    // A step whose movement the camera does not count: said, and 0 (not judged) reported once.
    rerender({ step: 2, isCounting: true });
    expect(await screen.findByTestId('together-not-counted')).toHaveTextContent('The camera does not count this movement: your count stays at 0');
    play();
    expect(onCount.mock.calls.slice(3)).toEqual([[{ reps: 0, score: null }]]);
    expect(ownCount()).toHaveTextContent('0 reps');
  });

  it('says plainly when the camera does not count the movement, and reports 0, not judged, once', async () => {
    const { onCount, rerender } = renderCamera({ plan: { movementId: 'dead-bug' } });
    expect(await screen.findByTestId('together-not-counted')).toHaveTextContent('The camera does not count this movement: your count stays at 0');
    expect(onCount).not.toHaveBeenCalled();
    rerender({ isCounting: true });
    play();
    rerender({ isCounting: false });
    rerender({ isCounting: true });
    expect(onCount.mock.calls).toEqual([[{ reps: 0, score: null }]]);
    expect(ownCount()).toHaveTextContent('0 reps');
  });

  it('counts a group practising one movement against that movement’s reference', async () => {
    const { onCount } = renderCamera({ plan: { movementId: 'goblet-squat' }, isCounting: true });
    await waitFor(() => expect(screen.queryByText("Reading this step's movement…")).not.toBeInTheDocument());
    play();
    expect(onCount.mock.calls.map(([count]) => count.reps)).toEqual([1, 2]);
  });

  it('says what the camera cannot see while the step runs, and counts on the hips without a score for the form it did not see', async () => {
    const legs = new Set(['left_knee', 'right_knee', 'left_ankle', 'right_ankle']);
    const noLegs = goblet.frames.map((frame) => ({ ...frame, keypoints: frame.keypoints.filter((keypoint) => !legs.has(keypoint.name)) }));
    const { onCount, rerender } = renderCamera({ isCounting: true });
    await waitFor(() => expect(screen.queryByText("Reading this step's movement…")).not.toBeInTheDocument());
    play(noLegs);
    expect(screen.getByText('Step back so your knees and ankles are visible')).toHaveAttribute('role', 'status');
    // The squats are counted on the hips' rise and fall; how deep each went was not seen.
    expect(onCount.mock.calls.map(([count]) => count)).toEqual([
      { reps: 1, score: null },
      { reps: 2, score: null },
    ]);
    rerender({ isCounting: false });
    expect(screen.queryByText('Step back so your knees and ankles are visible')).not.toBeInTheDocument();
  });

  it('a refused camera is said plainly with Try again, which opens it once allowed', async () => {
    getUserMedia.mockImplementationOnce(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderCamera();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Camera access was refused: allow it in the browser to continue. Until your camera is on, your count stays at 0.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/Camera access was refused/)).not.toBeInTheDocument());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Opening your camera…')).not.toBeInTheDocument();
  });

  it('no camera on the device is said plainly', async () => {
    getUserMedia.mockImplementation(async () => Promise.reject(new DOMException('none', 'NotFoundError')));
    renderCamera();
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera was found on this device.');
  });

  it('the phone can be the camera: paired, chosen, and this device’s camera stops', async () => {
    const phone = fakeStream();
    const Phone: TPhoneCamera = ({ onStream }) => (
      <button type="button" onClick={() => onStream(phone)}>
        Pair the test phone
      </button>
    );
    const own = fakeStream();
    getUserMedia.mockImplementationOnce(async () => own);
    renderCamera({ PhoneCamera: Phone });
    await waitFor(() => expect(screen.queryByText('Opening your camera…')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Use my phone as the camera' }));
    const panel = screen.getByRole('region', { name: 'Phone camera' });
    expect(screen.getByRole('button', { name: "Use the phone's camera" })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Pair the test phone' }));
    await userEvent.click(screen.getByRole('button', { name: "Use the phone's camera" }));
    expect(own.getTracks()[0]!.stop).toHaveBeenCalled();
    expect(phone.getTracks()[0]!.stop).not.toHaveBeenCalled();
    expect(panel).toContainElement(screen.getByRole('button', { name: "Use this device's camera" }));
  });
});
