import type { TClock, TTimerId } from '@/lib/backend/embedded/clock';

type TTimer = { id: number; at: number; callback: () => void };

/** A clock that only moves when the test says so; timers fire in order as it advances. */
export class FakeClock implements TClock {
  private current: number;
  private nextId = 1;
  private timers: TTimer[] = [];
  /** Every delay a timer was set with, in order. */
  readonly delays: number[] = [];

  constructor(start = Date.UTC(2025, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TTimerId {
    const timer = { id: this.nextId++, at: this.current + ms, callback };
    this.timers.push(timer);
    this.delays.push(ms);
    return timer.id;
  }

  clearTimeout(id: TTimerId): void {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }

  pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, firing due timers and letting their promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await flushPromises();
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = due.at;
      due.callback();
    }
    this.current = end;
    await flushPromises();
  }
}

export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
