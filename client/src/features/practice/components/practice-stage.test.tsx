import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PracticeStage, type TStageActions } from './practice-stage';

function renderStage(actions: Partial<TStageActions>) {
  render(
    <PracticeStage
      title="Full-body starter"
      stepLine="Step 1 of 3: Squat"
      progress={{ done: 0, total: 3 }}
      controls={null}
      areaRef={createRef<HTMLDivElement>()}
      area={null}
      actions={{ isPaused: false, onEnd: () => undefined, ...actions }}
    />,
  );
  return screen.getByTestId('practice-keys');
}

describe('PracticeStage', () => {
  it('while the camera counts, the keys shown are the ones that work: no C', () => {
    const legend = renderStage({ onPauseToggle: () => undefined, skipLabel: 'Next step', onSkip: () => undefined });
    expect(legend).toHaveTextContent(/^Keys: Space pause or resume · N or → next · Esc end$/);
    expect(screen.queryByRole('button', { name: 'Count a rep' })).not.toBeInTheDocument();
  });

  it('counting by hand, C is shown and counts', async () => {
    const onCount = vi.fn();
    const legend = renderStage({ onPauseToggle: () => undefined, skipLabel: 'Next step', onSkip: () => undefined, onCount });
    expect(legend).toHaveTextContent(/^Keys: Space pause or resume · N or → next · Esc end · C count a rep$/);
    await userEvent.keyboard('c');
    expect(onCount).toHaveBeenCalledTimes(1);
  });

  it("during the 'Get ready' countdown only Esc works, and only Esc is shown", () => {
    expect(renderStage({})).toHaveTextContent(/^Keys: Esc end$/);
  });
});
