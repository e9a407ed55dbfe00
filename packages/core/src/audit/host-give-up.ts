/**
 * Gives up on a host that never answers (issue 30, point 7): after `limit` checks in a row on
 * one host ended by a timeout, the audit stops asking it, and its remaining URLs are reported
 * "not checked" at once instead of waiting a timeout each (1,000 URLs of a silent host took
 * hours at 4 at a time). Any answer from the host starts its count again.
 */
import { plural } from '../text/counts.js';
export class HostGiveUp {
  private readonly timeouts = new Map<string, number>();

  /** Gives up on a host after `limit` consecutive timeouts; 0 never gives up. */
  constructor(readonly limit: number) {}

  /** Whether the audit gave up on `host`. */
  gaveUp(host: string): boolean {
    return this.limit > 0 && (this.timeouts.get(host) ?? 0) >= this.limit;
  }

  /** Records how one check on `host` ended: by a timeout, or otherwise. */
  record(host: string, timedOut: boolean): void {
    if (timedOut) this.timeouts.set(host, (this.timeouts.get(host) ?? 0) + 1);
    else if (!this.gaveUp(host)) this.timeouts.delete(host);
  }

  /** The error a URL not checked shows. */
  reason(): string {
    return `not checked: the host did not answer ${plural(this.limit, 'time')} in a row`;
  }
}
