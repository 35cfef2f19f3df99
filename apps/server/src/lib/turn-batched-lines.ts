import type { DestinationStream } from 'pino';

/** What the lines are handed to: pino's asynchronous file destination (sonic-boom). */
export interface LineDestination extends DestinationStream {
  flush(cb: (err?: Error | null) => void): void;
  flushSync(): void;
}

/** Every batcher alive, so that lines still waiting when the process exits are written first. */
const alive = new Set<WeakRef<TurnBatchedLines>>();
process.on('exit', () => {
  for (const ref of alive) {
    try {
      ref.deref()?.flushSync();
    } catch {
      // the destination is closed or was never opened: nothing more can be written on the way out
    }
  }
});

/**
 * The log lines of one turn of the event loop, handed to `out` as one string when the turn ends
 * (`setImmediate`), instead of one `write` a line. sonic-boom measures the bytes of its whole pending
 * batch at every write it is given, so under load each access line cost more to hand over than to
 * format; now a turn's lines cost one `join`. Nothing waits longer than the turn it was logged in,
 * `flush`/`flushSync` (what pino's `logger.flush` and a stopping process call) hand over the waiting
 * lines first, and a process that exits at once (`process.exit`, a crash) writes them on its way out.
 */
export class TurnBatchedLines implements LineDestination {
  #lines: string[] = [];
  #scheduled = false;

  constructor(private readonly out: LineDestination) {
    alive.add(new WeakRef(this));
  }

  write(line: string): void {
    this.#lines.push(line);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#handOver);
  }

  flush(cb: (err?: Error | null) => void): void {
    this.#handOver();
    this.out.flush(cb);
  }

  flushSync(): void {
    this.#handOver();
    this.out.flushSync();
  }

  readonly #handOver = (): void => {
    this.#scheduled = false;
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.out.write(text);
  };
}
