import { act, fireEvent, render, screen } from '@testing-library/react';
import { SCROLL_THRESHOLD } from '@movelab/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './container';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('BackToTop', () => {
  afterEach(() => {
    scrollTo(0);
    vi.restoreAllMocks();
  });

  it('shows past the scroll threshold and takes the page and the focus back to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <>
        <main id="main" tabIndex={-1}>
          page
        </main>
        <BackToTop hasBottomBar />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(SCROLL_THRESHOLD);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(SCROLL_THRESHOLD + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });

  it('steps aside over a part kept clear (a replay and its controls), and comes back past it', () => {
    render(
      <>
        <div data-testid="replay" data-keep-clear="" />
        <BackToTop hasBottomBar={false} />
      </>,
    );
    const replay = screen.getByTestId('replay');
    const box = (top: number, height: number) => ({
      left: 0,
      right: 400,
      top,
      bottom: top + height,
      width: 400,
      height,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
    // The button sits at 800..844 in the window; the replay at first from 500 to 900, over it.
    let replayTop = 500;
    vi.spyOn(replay, 'getBoundingClientRect').mockImplementation(() => box(replayTop, 400));
    vi.spyOn(HTMLButtonElement.prototype, 'getBoundingClientRect').mockImplementation(() => box(800, 44));
    scrollTo(SCROLL_THRESHOLD + 1);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    replayTop = -500;
    scrollTo(SCROLL_THRESHOLD + 600);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeVisible();
  });
});
