/**
 * Per-host politeness: at most `perHost` requests in flight to one host, and request starts
 * spaced by the host's delay (the politeness option, raised by robots.txt `Crawl-delay`).
 */
import { followAbort } from '../net/abort-relay.js';
import type { Clock } from '../ports/clock.js';

interface HostState {
  active: number;
  waiters: (() => void)[];
  delayMs: number;
  nextStart: number;
}

/** Longest Crawl-delay honoured, so a hostile robots.txt cannot stall a crawl for hours. */
export const MAX_CRAWL_DELAY_MS = 30_000;

/** The politeness gate of one crawl. */
export class HostGate {
  private readonly hosts = new Map<string, HostState>();

  /** Creates a gate allowing `perHost` concurrent requests per host. */
  constructor(
    private readonly perHost: number,
    private readonly defaultDelayMs: number,
    private readonly clock: Clock,
  ) {}

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { active: 0, waiters: [], delayMs: this.defaultDelayMs, nextStart: 0 };
      this.hosts.set(host, s);
    }
    return s;
  }

  /** Raises a host's delay between request starts (never lowers it below the option). */
  setDelay(host: string, delayMs: number): void {
    const s = this.state(host);
    s.delayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.max(this.defaultDelayMs, delayMs));
  }

  /** Waits for a slot on `host`; resolves with the function that frees it. */
  async acquire(host: string, signal?: AbortSignal): Promise<() => void> {
    const s = this.state(host);
    if (s.active >= this.perHost) {
      await new Promise<void>((resolve, reject) => {
        // Half of a crawl's pages wait here (16 in flight, 8 per host): one listener on the
        // crawl's signal serves every wait (`followAbort`).
        const wake = () => {
          unfollow();
          resolve();
        };
        s.waiters.push(wake);
        // A signal aborted already never calls a listener again: such a wait ends with a slot.
        const unfollow = signal?.aborted
          ? () => {}
          : followAbort(signal, (reason) => {
              s.waiters.splice(s.waiters.indexOf(wake), 1);
              reject(reason);
            });
      });
    } else s.active++;
    const release = () => {
      const next = s.waiters.shift();
      if (next) next();
      else s.active--;
    };
    if (s.delayMs > 0) {
      const now = this.clock.now();
      const start = Math.max(now, s.nextStart);
      s.nextStart = start + s.delayMs;
      try {
        if (start > now) await this.clock.sleep(start - now, signal);
      } catch (err) {
        release();
        throw err;
      }
    }
    return release;
  }
}
