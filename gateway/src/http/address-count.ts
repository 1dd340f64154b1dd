/**
 * Things open per caller address (TCP connections, socket sessions), capped: `max` per address,
 * 0 for no cap. Each hold is released once, however many times its release is called.
 */
export class AddressCount {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  isFull(address: string): boolean {
    return this.max > 0 && (this.open.get(address) ?? 0) >= this.max;
  }

  /** Counts one more for `address`; the function returned gives it back. */
  hold(address: string): () => void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    let isHeld = true;
    return () => {
      if (!isHeld) return;
      isHeld = false;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }
}
