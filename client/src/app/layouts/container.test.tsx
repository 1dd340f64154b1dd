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
});
