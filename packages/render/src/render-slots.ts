/**
 * Render slots shared fairly between users first, then between each user's crawls. A freed
 * slot goes to the waiter whose user holds the fewest slots (then whose crawl holds the fewest),
 * so neither one crawl of slow or hostile pages nor one user running several such crawls can
 * starve another user's pages; a user holding no slot may start at once beyond the pool, up to
 * twice its size, so a normal page never queues behind pages that spin until their timeout.
 */

/** Who asks for a slot: the user the crawl is for, and the crawl. */
export interface SlotOwner {
  /** The account (or any one party) the crawl is for; fairness is between users first. */
  user: string;
  /** The crawl, one id per run; a user's slots are shared fairly between its crawls. */
  crawl: string;
}

interface Waiter {
  owner: SlotOwner;
  start: () => void;
}

/** A release function: call it once when the render ends. */
export type ReleaseSlot = () => void;

/** The slot scheduler of one renderer. */
export class RenderSlots {
  private active = 0;
  private readonly byUser = new Map<string, number>();
  private readonly byCrawl = new Map<string, number>();
  private waiting: Waiter[] = [];

  /** `size` renders run at once (twice that when users that hold none arrive). */
  constructor(private readonly size: number) {}

  /** Renders running now. */
  get running(): number {
    return this.active;
  }

  /** Slots held now by `user` (for figures and tests). */
  heldByUser(user: string): number {
    return this.byUser.get(user) ?? 0;
  }

  /** Waits for a slot; rejects with the signal's reason when aborted while waiting. */
  acquire(owner: SlotOwner, signal?: AbortSignal): Promise<ReleaseSlot> {
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

  private crawlKey(owner: SlotOwner): string {
    return `${owner.user}\n${owner.crawl}`;
  }

  private heldByCrawl(owner: SlotOwner): number {
    return this.byCrawl.get(this.crawlKey(owner)) ?? 0;
  }

  private mayStart(owner: SlotOwner): boolean {
    if (this.active < this.size) return true;
    return this.heldByUser(owner.user) === 0 && this.active < this.size * 2;
  }

  private take(owner: SlotOwner): ReleaseSlot {
    this.active++;
    bump(this.byUser, owner.user, 1);
    bump(this.byCrawl, this.crawlKey(owner), 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      bump(this.byUser, owner.user, -1);
      bump(this.byCrawl, this.crawlKey(owner), -1);
      this.dispatch();
    };
  }

  /** Whether `a` goes before `b`: its user holds fewer, then its crawl; ties keep arrival order. */
  private before(a: Waiter, b: Waiter): boolean {
    const users = this.heldByUser(a.owner.user) - this.heldByUser(b.owner.user);
    if (users !== 0) return users < 0;
    return this.heldByCrawl(a.owner) < this.heldByCrawl(b.owner);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let best: Waiter | undefined;
      for (const w of this.waiting) if (!best || this.before(w, best)) best = w;
      if (!best || !this.mayStart(best.owner)) return;
      const next = best;
      this.waiting = this.waiting.filter((w) => w !== next);
      next.start();
    }
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
