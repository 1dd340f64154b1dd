import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { buildReference, generateTake, scoreTake, unsaidRepFaults, type TKeypointName, type TScoreResult } from '@movelab/shared/movescore/index';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { AnalysisResult } from './analysis-result';

const group: TMovescoreGroup = { id: 'push-ups', name: 'Push-ups', coverUrl: '', description: '', movementCount: 1 };
const movement: TMovescoreMovement = { id: 'standard', name: 'Standard push-up', description: '', perspectiveCount: 1 };
const perspective: TPerspective = { id: 'side', name: 'Side', view: 'side', instructions: '' };
const reference = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
const LEGS: TKeypointName[] = ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'];

function showResult(hidden: TKeypointName[], change: (result: TScoreResult) => TScoreResult = (result) => result) {
  const take = generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 45, hidden });
  const finished = { result: change(scoreTake(reference, take)), take, source: 'file' as const, startedAt: new Date().toISOString() };
  renderWithProviders(
    <AnalysisResult reference={reference} target={{ group, movement, perspective }} finished={finished} onAgain={() => undefined} />,
    {
      backend: createFakeBackend(),
    },
  );
  return screen.getByRole('region', { name: 'Result' });
}

describe('the result of an analysis', () => {
  // jsdom lays nothing out: the heading is brought into view in a browser.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows the count and "Form not judged" with the reason and what to change for push-ups whose legs were out of the picture, never a percentage', () => {
    const result = showResult(LEGS);
    expect(screen.getByRole('heading', { level: 2, name: 'Your result: form not judged' })).toBeInTheDocument();
    expect(screen.getByTestId('analysis-score')).toHaveTextContent('Form not judged');
    const notJudged = screen.getByTestId('analysis-not-judged');
    expect(notJudged).toHaveTextContent('Your knees and ankles were out of the picture in every rep.');
    expect(notJudged).toHaveTextContent('Put the camera further away so your whole body is in the picture.');
    expect(screen.getByTestId('analysis-rep-count')).toHaveTextContent('4');
    expect(within(result).queryByText(/\d+%/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Reps' })).getAllByText('Not judged')).toHaveLength(4);
    // The reason is said once, above the feedback.
    expect(within(screen.getByRole('region', { name: 'Feedback' })).queryByText(/^Form not judged/)).toBeNull();
  });

  it('shows the score of the same push-ups filmed whole', () => {
    showResult([]);
    expect(screen.getByTestId('analysis-score')).toHaveTextContent(/^\d+%$/);
    expect(screen.queryByTestId('analysis-not-judged')).toBeNull();
  });

  it('says a cue the feedback gives once, with its reps, not again on each rep’s card; a rep’s own fault stays on its card', () => {
    const sag = 'Hips sag about 15° at the bottom of reps 1-3: keep your body in a straight line';
    const own = 'Keep your arms straight: your elbows bend about 10° more than the reference at the top';
    showResult([], (result) => {
      const reps = result.reps.map((rep, index) => ({
        ...rep,
        rangeRatio: 1,
        worst: { feature: index < 3 ? ('hip_sag' as const) : ('elbow' as const), phase: 'bottom' as const, deltaDeg: 15, mode: 'posture' as const },
        fault: index < 3 ? 'Hips sag about 15° at the bottom: keep your body in a straight line' : own,
      }));
      const lines = [{ text: sag, features: ['hip_sag' as const], reps: [0, 1, 2], phase: 'bottom' as const }];
      return { ...result, reps, feedback: [sag], repCues: unsaidRepFaults(reference, reps, lines) };
    });
    expect(screen.getAllByText(/^Hips sag about 15°/)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Feedback' })).getByText(sag)).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Reps' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent?.includes(own))).toEqual([false, false, false, true]);
  });
});
