import { MutationObserver, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useLeaveGuard } from './use-leave-guard';

function Guarded() {
  useLeaveGuard();
  return null;
}

/** Whether leaving the tab now would ask first. */
function leavingAsks(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

describe('useLeaveGuard', () => {
  it('asks before leaving from the moment a write starts, before any render has seen it, until it ends', async () => {
    const client = createQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Guarded />
      </QueryClientProvider>,
    );
    expect(leavingAsks()).toBe(false);
    let finish!: () => void;
    const written = new Promise<void>((resolve) => (finish = resolve));
    const write = new MutationObserver(client, { mutationFn: () => written });
    const done = write.mutate();
    // No await in between: React has not rendered since the write began (the row it removes may already be gone).
    expect(leavingAsks()).toBe(true);
    finish();
    await done;
    expect(leavingAsks()).toBe(false);
    view.unmount();
    const later = new MutationObserver(client, { mutationFn: () => new Promise<void>(() => undefined) });
    void later.mutate();
    // Outside the admin screens nothing asks.
    expect(leavingAsks()).toBe(false);
  });
});
