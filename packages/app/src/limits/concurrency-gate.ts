/** What `ConcurrencyGate.acquire` answers: a release function, or why there is no slot. */
export type GateAnswer = { ok: true; release: () => void } | { ok: false };

interface Waiter {
  key: string;
  grant: () => void;
}

/**
 * Bounds work that is heavy while it runs (a sitemap download holds up to 50 MB): at most
 * `total` at once server-wide, at most `perClient` running or waiting per client key, and at
 * most `maxWaiting` waiting in line (first come, first served). A request over a bound is
 * refused at once rather than queued without end: memory stays bounded whatever arrives.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly held = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  /** Creates a gate with its three bounds. */
  constructor(
    readonly total: number,
    readonly perClient: number,
    readonly maxWaiting: number,
  ) {}

  /** Slots in use now (for figures and tests). */
  get running(): number {
    return this.active;
  }

  /**
   * Takes a slot for `key`, waiting in line when the server is full; refused when the client
   * already holds `perClient` or the line is full. `signal` (the client left) leaves the line.
   */
  async acquire(key: string, signal?: AbortSignal): Promise<GateAnswer> {
    const mine = this.held.get(key) ?? 0;
    if (mine >= this.perClient) return { ok: false };
    if (this.active >= this.total && this.waiting.length >= this.maxWaiting) return { ok: false };
    this.held.set(key, mine + 1);
    if (this.active < this.total) {
      this.active++;
      return { ok: true, release: this.releaser(key) };
    }
    const granted = await new Promise<boolean>((resolve) => {
      const waiter: Waiter = { key, grant: () => resolve(true) };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.waiting.indexOf(waiter);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          resolve(false);
        },
        { once: true },
      );
    });
    if (!granted) {
      this.drop(key);
      return { ok: false };
    }
    return { ok: true, release: this.releaser(key) };
  }

  private releaser(key: string): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.drop(key);
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `active` stays as it is.
      if (next) next.grant();
      else this.active--;
    };
  }

  private drop(key: string): void {
    const left = (this.held.get(key) ?? 1) - 1;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
  }
}
