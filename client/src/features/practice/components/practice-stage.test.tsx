import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PracticeStage, type TStageActions } from './practice-stage';

function renderStage(actions: Partial<TStageActions>) {
  render(
    <PracticeStage
      title="Full-body starter"
      stepLine="Step 1 of 3: Squat"
      progress={{ done: 0, total: 3 }}
      controls={null}
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

  it('End session asks first and pauses; Esc asks too, Esc again keeps practising; only End and save ends', async () => {
    const onEnd = vi.fn();
    const onEndAsked = vi.fn();
    const onSkip = vi.fn();
    renderStage({ onPauseToggle: () => undefined, skipLabel: 'Next step', onSkip, onEnd, onEndAsked });

    await userEvent.click(screen.getByRole('button', { name: 'End session' }));
    const question = screen.getByRole('alertdialog', { name: 'End the session?' });
    expect(question).toHaveAccessibleDescription('It stops here and what you did so far is saved; it cannot be resumed.');
    expect(onEndAsked).toHaveBeenLastCalledWith(true);
    expect(onEnd).not.toHaveBeenCalled();
    // The answer that ends takes the focus; the other keys wait while asked.
    expect(screen.getByRole('button', { name: 'End and save' })).toHaveFocus();
    await userEvent.keyboard('n');
    expect(onSkip).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep practising' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onEndAsked).toHaveBeenLastCalledWith(false);
    // Focus is back on End session.
    expect(screen.getByRole('button', { name: 'End session' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'End the session?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onEnd).not.toHaveBeenCalled();

    // Esc then Enter ends, from a keyboard or a presenter remote.
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Enter}');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
