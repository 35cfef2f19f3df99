/** A counting semaphore: caps how many jobs run at once across several BullMQ workers in one process. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private free: number) {}

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else this.free++;
  }
}
