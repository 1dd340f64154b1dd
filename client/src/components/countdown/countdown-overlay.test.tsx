import { COUNTDOWN_EVENTS } from '@movelab/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownOverlay } from './countdown-overlay';
import { startCountdown } from './start-countdown';

const start = (detail: unknown) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(COUNTDOWN_EVENTS.start, { detail }));
  });
const tick = (ms = 1000) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('CountdownOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is hidden until a start event', () => {
    render(<CountdownOverlay />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('counts down each second, fires the end event at zero and hides', () => {
    const onEnd = vi.fn();
    window.addEventListener(COUNTDOWN_EVENTS.end, onEnd);
    render(<CountdownOverlay />);

    start({ duration: 3, textToDisplay: 'Get ready', subtextToDisplay: 'Stand in front of the camera' });
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveTextContent('Get ready (3)');
    expect(overlay).toHaveTextContent('Stand in front of the camera');
    expect(overlay).toHaveAttribute('aria-live', 'assertive');

    tick(999);
    expect(overlay).toHaveTextContent('Get ready (3)');
    tick(1);
    expect(overlay).toHaveTextContent('Get ready (2)');
    tick();
    expect(overlay).toHaveTextContent('Get ready (1)');
    expect(onEnd).not.toHaveBeenCalled();
    tick();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(overlay).toBeEmptyDOMElement();

    tick(5000);
    expect(onEnd).toHaveBeenCalledTimes(1);
    window.removeEventListener(COUNTDOWN_EVENTS.end, onEnd);
  });

  it('startCountdown defaults the subtext and resolves when the overlay reaches zero', async () => {
    render(<CountdownOverlay />);
    let isDone = false;
    let done!: Promise<void>;
    act(() => {
      done = startCountdown({ duration: 2, textToDisplay: 'Go' }).then(() => {
        isDone = true;
      });
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Go \(2\)$/);
    tick();
    await Promise.resolve();
    expect(isDone).toBe(false);
    tick();
    await done;
    expect(isDone).toBe(true);
  });

  it('a new start replaces a running countdown', () => {
    render(<CountdownOverlay />);
    start({ duration: 5, textToDisplay: 'First' });
    tick();
    start({ duration: 2, textToDisplay: 'Second' });
    expect(screen.getByRole('status')).toHaveTextContent('Second (2)');
    tick();
    expect(screen.getByRole('status')).toHaveTextContent('Second (1)');
  });

  it('ignores a start event with an invalid detail', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CountdownOverlay />);
    start({ duration: -1, textToDisplay: 'Broken' });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
