import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar';

function Trigger({ timeoutMs }: { timeoutMs?: number }) {
  const snackbar = useSnackbar();
  return (
    <button type="button" onClick={() => snackbar.show('Saved', timeoutMs)}>
      show
    </button>
  );
}

describe('Snackbar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a message for 5000 ms by default (spec §9)', () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a timeout of its own', () => {
    render(
      <SnackbarProvider>
        <Trigger timeoutMs={1000} />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
