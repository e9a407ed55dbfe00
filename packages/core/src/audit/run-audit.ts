/**
 * Runs the live checks of an audit over a durable list of URLs: workers take leased URLs from
 * the store, check each one through the guarded fetcher (politely: robots.txt, a per-host
 * concurrency and delay) and save its result. The store marks a URL done in the transaction
 * that saves its result, so a run resumed after a crash checks only what was not saved.
 */
import type { AuditResult } from '../contract/audit-schemas.js';
import { HostGate } from '../crawler/host-gate.js';
import type { Clock } from '../ports/clock.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { RobotsGate } from '../robots/robots-gate.js';
import { checkListedUrl } from './check-url.js';
import { HostGiveUp } from './host-give-up.js';
import { AUDIT_SLOW_MS } from './verdicts.js';

/** One URL waiting to be checked. */
export interface AuditEntry {
  /** The store's id of the entry. */
  id: number;
  url: string;
  /** The sitemap file that listed it. */
  sitemap: string | null;
}

/** The durable list of an audit's URLs (SQLite on the server, memory in tests and benches). */
export interface AuditStore {
  /** Leases up to `n` URLs not yet checked nor leased; an empty list means none is left. */
  lease(n: number): Promise<AuditEntry[]>;
  /**
   * Saves the result and marks the entry done, once (an entry already done is left as it is);
   * false when the owner's plan refuses one more URL (the run then stops).
   */
  save(entry: AuditEntry, result: AuditResult): Promise<boolean>;
}

/** The politeness and bounds of an audit. */
export interface AuditOptions {
  /** URLs checked at once over all hosts. */
  concurrency: number;
  /** URLs checked at once on one host. */
  perHostConcurrency: number;
  /** Least time between two checks' starts on one host (raised by robots.txt Crawl-delay). */
  politenessDelayMs: number;
  /** Redirect hops followed. */
  maxRedirects: number;
  /** Retries for 429, 5xx and network errors. */
  maxRetries: number;
  /** Bytes of an HTML page read for its robots meta and canonical. */
  maxHtmlBytes: number;
  /** Above this, a URL is slow. */
  slowMs: number;
  /**
   * Wall-clock time of one run, in ms: past it the run ends with the URLs checked so far (the
   * checks under way are cut short and left for no one).
   */
  timeBudgetMs: number;
  /** Checks in a row ended by a timeout after which a host is not asked again (0: never). */
  giveUpAfterTimeouts: number;
}

/**
 * The default politeness: the crawler's per-host manners (a few requests at once on one host,
 * robots.txt Crawl-delay honoured), fewer at once than a crawl since every URL is a new page.
 */
export const DEFAULT_AUDIT_OPTIONS: AuditOptions = {
  concurrency: 16,
  perHostConcurrency: 4,
  politenessDelayMs: 0,
  maxRedirects: 5,
  maxRetries: 1,
  maxHtmlBytes: 512 * 1024,
  slowMs: AUDIT_SLOW_MS,
  timeBudgetMs: 30 * 60_000,
  giveUpAfterTimeouts: 3,
};

/** What the run reports as it goes. */
export interface AuditProgress {
  /** Results saved by this run. */
  saved: number;
  /** The URL last checked. */
  currentUrl: string | null;
}

/** The ports an audit run needs. */
export interface AuditDeps {
  fetcher: HttpFetcher;
  policy: UrlPolicy;
  clock: Clock;
  logger: Logger;
}

/** How a run ended. */
export interface AuditRunEnd {
  /** Results saved by this run. */
  saved: number;
  /**
   * `done` (nothing left), `refused` (the store refused a result: plan limit), `time` (the
   * time budget ran out), `aborted` (the caller's signal).
   */
  endedBy: 'done' | 'refused' | 'time' | 'aborted';
}

/**
 * Checks every URL the store hands out; resolves when none is left, the store refuses, the time
 * budget runs out, or `signal` aborts.
 */
export async function runAudit(
  deps: AuditDeps,
  store: AuditStore,
  options: Partial<AuditOptions> = {},
  signal?: AbortSignal,
  onProgress?: (p: AuditProgress) => void,
): Promise<AuditRunEnd> {
  const o = { ...DEFAULT_AUDIT_OPTIONS, ...options };
  const robots = new RobotsGate(deps.fetcher, deps.policy, deps.clock, deps.logger);
  const hosts = new HostGate(o.perHostConcurrency, o.politenessDelayMs, deps.clock);
  const giveUp = new HostGiveUp(o.giveUpAfterTimeouts);
  const checkDeps = { ...deps, robots, hosts, giveUp };
  const buffer: AuditEntry[] = [];
  let refill: Promise<void> | null = null;
  let drained = false;
  let refused = false;
  let outOfTime = false;
  let saved = 0;
  // The checks' own signal: the caller's abort, or the end of the time budget.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const budget = setTimeout(() => {
    outOfTime = true;
    stop.abort(new Error('the audit ran out of time'));
  }, o.timeBudgetMs);
  /** The one place that decides whether this run takes another URL. */
  const goesOn = (): boolean => !stop.signal.aborted && !refused;

  const next = async (): Promise<AuditEntry | undefined> => {
    while (buffer.length === 0 && !drained) {
      refill ??= store
        .lease(o.concurrency * 4)
        .then((got) => {
          if (got.length === 0) drained = true;
          for (const entry of got) buffer.push(entry);
        })
        .finally(() => {
          refill = null;
        });
      await refill;
    }
    return buffer.shift();
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (!goesOn()) return;
      const entry = await next();
      if (!entry || !goesOn()) return;
      let kept = false;
      try {
        // Saved while the host slot is held: see `checkListedUrl`'s `settle`.
        await checkListedUrl(entry.url, entry.sitemap, checkDeps, {
          ...o,
          signal: stop.signal,
          settle: async (result: AuditResult) => {
            kept = await store.save(entry, result);
          },
        });
      } catch (err) {
        if (stop.signal.aborted) return;
        throw err;
      }
      if (!kept) {
        refused = true;
        return;
      }
      saved++;
      onProgress?.({ saved, currentUrl: entry.url });
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, () => worker()));
  } finally {
    clearTimeout(budget);
    signal?.removeEventListener('abort', onAbort);
  }
  const endedBy = signal?.aborted ? 'aborted' : refused ? 'refused' : outOfTime ? 'time' : 'done';
  return { saved, endedBy };
}
