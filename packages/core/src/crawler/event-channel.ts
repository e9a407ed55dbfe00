/**
 * A one-consumer async queue with backpressure: producers await `push`, which waits while the
 * consumer is more than `highWater` events behind, so a slow reader slows the crawl instead of
 * growing memory. Closing it from the consumer side releases every waiting producer.
 */
export class EventChannel<T> {
  private readonly buffer: T[] = [];
  private readonly drained: (() => void)[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private closed = false;

  /** Creates a channel that blocks producers beyond `highWater` buffered events. */
  constructor(private readonly highWater = 256) {}

  /**
   * Queues an event. Returns a promise to await only while the buffer is over `highWater`
   * (resolved once it has room, or the consumer left); otherwise nothing: a producer that is
   * not held back pays for no promise per event.
   */
  push(value: T): Promise<void> | undefined {
    if (this.closed || this.ended) return;
    this.buffer.push(value);
    this.wake?.();
    if (this.buffer.length > this.highWater) return new Promise<void>((r) => this.drained.push(r));
  }

  /** Marks the end of the stream; the consumer finishes after the buffered events. */
  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /** The consumer left: drop everything and release producers. */
  close(): void {
    this.closed = true;
    this.buffer.length = 0;
    for (const r of this.drained.splice(0)) r();
  }

  /** Iterates the events until `end()`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    while (!this.closed) {
      const value = this.buffer.shift();
      if (value !== undefined) {
        if (this.buffer.length <= this.highWater / 2) for (const r of this.drained.splice(0)) r();
        yield value;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((r) => {
        this.wake = r;
      });
      this.wake = null;
    }
  }
}
