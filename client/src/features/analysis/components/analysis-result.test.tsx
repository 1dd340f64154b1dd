import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { buildReference, generateTake, scoreTake, type TKeypointName } from '@movelab/shared/movescore/index';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { AnalysisResult } from './analysis-result';

const group: TMovescoreGroup = { id: 'push-ups', name: 'Push-ups', coverUrl: '', description: '', movementCount: 1 };
const movement: TMovescoreMovement = { id: 'standard', name: 'Standard push-up', description: '', perspectiveCount: 1 };
const perspective: TPerspective = { id: 'side', name: 'Side', view: 'side', instructions: '' };
const reference = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
const LEGS: TKeypointName[] = ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'];

function showResult(hidden: TKeypointName[]) {
  const take = generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 45, hidden });
  const finished = { result: scoreTake(reference, take), take, source: 'file' as const, startedAt: new Date().toISOString() };
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
});
