import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { THold } from '../hooks/use-hold';
import { initialPractice, practiceReducer, type TPlanStep } from '../lib/step-machine';
import { StepOverlay } from './practice-overlays';

const plank: TPlanStep = { movementId: 'plank', name: 'Plank', targetSeconds: 30, restSeconds: 0 };
const state = practiceReducer(practiceReducer(initialPractice([plank]), { type: 'start' }), { type: 'countdown-done' });
const coach = { renderCount: () => null } as unknown as TSessionCoach;
const showHold = (hold: Omit<THold, 'onPose'>, hasStream = true) =>
  render(<StepOverlay step={plank} state={state} coach={coach} hold={{ ...hold, onPose: () => undefined }} hasStream={hasStream} />);

describe('StepOverlay of a timed hold', () => {
  it('says to get into position while the camera does not see the hold, and that the timer runs once it does', () => {
    const { unmount } = showHold({ isJudged: true, isHeld: false });
    expect(screen.getByRole('status')).toHaveTextContent('Get into position');
    expect(screen.getByTestId('practice-seconds')).toHaveTextContent('0');
    unmount();
    showHold({ isJudged: true, isHeld: true });
    expect(screen.getByRole('status')).toHaveTextContent('In position: the timer runs');
  });

  it('a hold the camera cannot judge says so: its timer just runs', () => {
    showHold({ isJudged: false, isHeld: false });
    expect(screen.getByTestId('practice-hold')).toHaveTextContent('The camera does not check this position: the timer just runs.');
  });
});
