import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TakeControls } from './live-take';

describe('TakeControls', () => {
  it('shows the stop keys, and Space, Enter or S stop the take from across the room', async () => {
    const onStop = vi.fn();
    render(<TakeControls onStop={onStop} voiceSwitch={null} />);
    expect(screen.getByTestId('take-keys')).toHaveTextContent(/^Keys: Space or S stop and see the result$/);
    expect(screen.getByRole('button', { name: 'Stop and see the result' })).toHaveAttribute('aria-keyshortcuts', 'Space Enter S');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('s');
    expect(onStop).toHaveBeenCalledTimes(3);
  });

  it("Space on another focused control is that control's own, and a held key stops once", async () => {
    const onStop = vi.fn();
    const onToggle = vi.fn();
    render(
      <TakeControls
        onStop={onStop}
        voiceSwitch={
          <button type="button" role="switch" aria-checked onClick={onToggle}>
            Spoken cues and sounds
          </button>
        }
      />,
    );
    screen.getByRole('switch').focus();
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onStop).not.toHaveBeenCalled();
    screen.getByRole('switch').blur();
    await userEvent.keyboard('{s>3/}');
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
