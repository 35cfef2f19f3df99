/** A counting semaphore: caps how much of something runs at once in one process (jobs, password hashes). */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private free: number) {}

  /** how many callers wait for a slot, so a caller can refuse rather than queue without bound */
  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else this.free++;
  }
}
