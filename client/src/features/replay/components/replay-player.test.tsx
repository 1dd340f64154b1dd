import { buildReference, generateTake } from '@movelab/shared/movescore/index';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ReplayPlayer } from './replay-player';

const reference = buildReference(generateTake({ movement: 'squat', reps: 3, depth: 1, noise: 0.005, seed: 21 }));
// Shallow squats: "go deeper" is about every rep, at its bottom, on the knees.
const take = generateTake({ reps: 3, depth: 0.6, noise: 0.01, seed: 36 });
const video = { blob: new Blob(['not a real video'], { type: 'video/webm' }), offsetMs: 500, isMirrored: false };

beforeAll(() => {
  // jsdom has no object URLs, no media playback and no canvas: what the player needs of them.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:replay', revokeObjectURL: () => undefined }));
  let time = 0;
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
    configurable: true,
    get: () => time,
    set(value: number) {
      time = value;
      this.dispatchEvent(new Event('seeked'));
    },
  });
  HTMLMediaElement.prototype.pause = () => undefined;
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

describe('the replay player', () => {
  it('lists each rep with its score and time, and jumps to a rep', async () => {
    render(<ReplayPlayer reference={reference} take={take} video={video} />);
    const reps = within(screen.getByRole('list', { name: 'Reps in the take' })).getAllByRole('button');
    expect(reps).toHaveLength(3);
    expect(reps[1]).toHaveAccessibleName(/^Rep 2, \d{1,3}%, from \d+\.\d s to \d+\.\d s$/);
    await userEvent.click(reps[1]!);
    const from = Number(/from (\d+\.\d) s/.exec(reps[1]!.textContent!)![1]);
    const element = screen.getByTestId('replay-video') as HTMLVideoElement;
    // The take starts 0.5 s into the video: the rep's range is in the video's time.
    expect(Math.abs(element.currentTime - from)).toBeLessThan(0.06);
    expect(reps[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('replay-position')).toHaveTextContent('rep 2 of 3');
  });

  it('offers slow motion as labelled toggles that set the playback rate', async () => {
    render(<ReplayPlayer reference={reference} take={take} video={video} />);
    const speed = screen.getByRole('group', { name: 'Playback speed' });
    await userEvent.click(within(speed).getByRole('button', { name: 'Slow motion 0.25×' }));
    expect((screen.getByTestId('replay-video') as HTMLVideoElement).playbackRate).toBe(0.25);
    expect(within(speed).getByRole('button', { name: 'Slow motion 0.25×' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(speed).getByRole('button', { name: 'Normal speed 1×' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Play the replay' })).toBeInTheDocument();
  });

  it('marks the reps and moments a feedback line is about and jumps to the first', async () => {
    render(<ReplayPlayer reference={reference} take={take} video={video} />);
    const line = screen.getByRole('button', { name: /^Go about \d+° deeper$/ });
    expect(screen.queryAllByRole('button', { name: /about the selected feedback$/ })).toHaveLength(0);
    await userEvent.click(line);
    expect(line).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { name: /about the selected feedback$/ })).toHaveLength(3);
    expect(screen.getAllByTestId('replay-moment')).toHaveLength(3);
    const first = within(screen.getByRole('list', { name: 'Reps in the take' })).getAllByRole('button')[0]!;
    const [, from, to] = /from (\d+\.\d) s to (\d+\.\d) s/.exec(first.textContent!)!.map(Number);
    const element = screen.getByTestId('replay-video') as HTMLVideoElement;
    expect(element.currentTime).toBeGreaterThan(from!);
    expect(element.currentTime).toBeLessThan(to!);
    await userEvent.click(line);
    expect(line).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryAllByTestId('replay-moment')).toHaveLength(0);
  });
});
