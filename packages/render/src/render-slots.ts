/**
 * Render slots shared fairly between owners (one owner per crawl). A freed slot goes to the
 * waiting owner that holds the fewest, so one crawl of slow or hostile pages cannot starve
 * another; an owner holding no slot may start at once beyond the pool, up to twice its size,
 * so a normal page never queues behind pages that spin until their timeout.
 */

interface Waiter {
  owner: string;
  start: () => void;
}

/** A release function: call it once when the render ends. */
export type ReleaseSlot = () => void;

/** The slot scheduler of one renderer. */
export class RenderSlots {
  private active = 0;
  private readonly held = new Map<string, number>();
  private waiting: Waiter[] = [];

  /** `size` renders run at once (twice that when owners that hold none arrive). */
  constructor(private readonly size: number) {}

  /** Renders running now. */
  get running(): number {
    return this.active;
  }

  /** Waits for a slot; rejects with the signal's reason when aborted while waiting. */
  acquire(owner: string, signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.mayStart(owner)) return Promise.resolve(this.take(owner));
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take(owner));
        },
      };
      const onAbort = () => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private heldBy(owner: string): number {
    return this.held.get(owner) ?? 0;
  }

  private mayStart(owner: string): boolean {
    if (this.active < this.size) return true;
    return this.heldBy(owner) === 0 && this.active < this.size * 2;
  }

  private take(owner: string): ReleaseSlot {
    this.active++;
    this.held.set(owner, this.heldBy(owner) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const left = this.heldBy(owner) - 1;
      if (left > 0) this.held.set(owner, left);
      else this.held.delete(owner);
      this.dispatch();
    };
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      // The first waiter of the owner holding the fewest slots; ties keep arrival order.
      let best: Waiter | undefined;
      for (const w of this.waiting)
        if (!best || this.heldBy(w.owner) < this.heldBy(best.owner)) best = w;
      if (!best || !this.mayStart(best.owner)) return;
      const next = best;
      this.waiting = this.waiting.filter((w) => w !== next);
      next.start();
    }
  }
}
