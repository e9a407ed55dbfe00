/**
 * One crawl: the pool loop (take leased entries while there is room, run them, wake when one
 * finishes), frontier feeding with scope and trap bounds, progress and the final summary.
 */
import { setMaxListeners } from 'node:events';
import type { Clock } from '../ports/clock.js';
import type { CrawlStore, FrontierEntry, InlinkObservation } from '../ports/crawl-store.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { PageRenderer } from '../ports/renderer.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { RobotsGate } from '../robots/robots-gate.js';
import { Bounds } from './bounds.js';
import type { EventChannel } from './event-channel.js';
import type { CrawlEvent } from './events.js';
import type { FoundLink } from './extract/page-facts.js';
import { startUrlFailureText } from './failure-text.js';
import { HostGate } from './host-gate.js';
import type { CrawlOptions } from './options.js';
import { type ProcessContext, processEntry } from './page-processor.js';
import { PreferredForm } from './preferred-form.js';
import { RenderPolicy } from './render-policy.js';
import { createScope, type Scope } from './scope.js';
import { seedFromSitemaps } from './seed.js';
import { SummaryCounter } from './summary-counter.js';
import type { EndedBy, PageRecord } from './types.js';
import { urlKey } from './url-key.js';

/** The ports and tuning a crawl runs with. */
export interface RunDeps {
  /** HTTP client (SSRF-guarded). */
  fetcher: HttpFetcher;
  /** Headless browser; undefined means static only. */
  renderer: PageRenderer | undefined;
  /** The SSRF guard. */
  policy: UrlPolicy;
  /** Frontier and results. */
  store: CrawlStore;
  /** Logger. */
  logger: Logger;
  /** Time. */
  clock: Clock;
  /** First retry backoff. */
  retryBaseMs: number;
  /** Ordinary pages rendered as a sample in auto mode. */
  renderSampleSize: number;
  /** Render timeout per page. */
  renderTimeoutMs: number;
  /** Least time between two progress events. */
  progressIntervalMs: number;
}

/** Runs one crawl, streaming its events into `channel`; ends with the `done` event. */
export class CrawlRun {
  private readonly controller = new AbortController();
  private readonly counter = new SummaryCounter();
  private readonly preferred = new PreferredForm();
  private readonly started: number;
  private scope!: Scope;
  private bounds!: Bounds;
  private ctx!: ProcessContext;
  private inflight = 0;
  private dirty = false;
  private wake: (() => void) | null = null;
  private seeding: Promise<void> | null = null;
  private fatal: string | null = null;
  private lastProgress = 0;
  private currentUrl: string | null = null;

  /** Prepares a run; `signal` cancels it. */
  constructor(
    private readonly deps: RunDeps,
    private readonly options: CrawlOptions,
    private readonly channel: EventChannel<CrawlEvent>,
    signal?: AbortSignal,
  ) {
    this.started = deps.clock.now();
    // Every in-flight fetch, sleep and gate wait listens on the crawl's signal.
    setMaxListeners(0, this.controller.signal);
    const abort = () => this.controller.abort('cancelled');
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    this.controller.signal.addEventListener('abort', () => this.notify(), { once: true });
  }

  private notify(): void {
    this.dirty = true;
    this.wake?.();
  }

  private async changed(): Promise<void> {
    if (this.dirty) {
      this.dirty = false;
      return;
    }
    await new Promise<void>((r) => {
      this.wake = r;
    });
    this.wake = null;
    this.dirty = false;
  }

  /** Runs to the end; never throws (errors end the crawl with `endedBy: error`). */
  async run(): Promise<void> {
    let endedBy: EndedBy = 'finished';
    try {
      endedBy = await this.crawl();
    } catch (err) {
      this.fatal ??= err instanceof Error ? err.message : String(err);
      endedBy = 'error';
    }
    if (this.fatal) endedBy = 'error';
    if (endedBy === 'page-limit')
      this.counter.prune('page-limit', (await this.deps.store.counts()).queued);
    await this.progress(true);
    const summary = this.counter.summary(
      this.options.startUrl,
      endedBy,
      this.deps.clock.now() - this.started,
      this.fatal,
    );
    await this.channel.push({ type: 'done', summary });
    this.channel.end();
  }

  private async crawl(): Promise<EndedBy> {
    const { deps, options } = this;
    const startKey = urlKey(options.startUrl);
    if (!startKey) throw new Error(`not an absolute http(s) URL: ${options.startUrl}`);
    this.options.startUrl = startKey;
    const start = new URL(startKey);
    const decision = deps.policy.checkUrl(start);
    if (!decision.allowed) throw new Error(decision.reason);
    this.scope = createScope(options.scope, start);
    this.bounds = new Bounds(options);
    const robots = new RobotsGate(deps.fetcher, deps.clock, deps.logger);
    this.ctx = {
      ...deps,
      options,
      robots,
      hosts: new HostGate(options.perHostConcurrency, options.politenessDelayMs, deps.clock),
      render: new RenderPolicy(options.render, deps.renderer !== undefined, deps.renderSampleSize),
    };
    await deps.store.requeueLeased();
    for await (const page of deps.store.pages()) this.counter.add(page);
    await deps.store.enqueue([
      { url: startKey, key: startKey, depth: 0, foundVia: 'start', referrer: null },
    ]);
    if (options.useSitemaps)
      this.seeding = seedFromSitemaps(start, robots, deps, this.controller.signal)
        .then((urls) =>
          this.enqueueLinks(
            urls.map((url) => ({ url, nofollow: false, via: 'anchor' as const })),
            null,
            1,
            'sitemap',
          ),
        )
        .catch((err) =>
          deps.logger.warn('sitemap seeding failed', { error: (err as Error).message }),
        )
        .finally(() => {
          this.seeding = null;
          this.notify();
        });
    const timeLimit = deps.clock.sleep(options.timeLimitMs, this.controller.signal).then(
      () => this.controller.abort('time-limit'),
      () => {},
    );
    const tasks = new Set<Promise<void>>();
    let endedBy: EndedBy = 'finished';
    for (;;) {
      if (this.controller.signal.aborted) {
        endedBy = this.controller.signal.reason === 'time-limit' ? 'time-limit' : 'cancelled';
        break;
      }
      if (this.fatal) break;
      const room = Math.min(
        options.concurrency - this.inflight,
        options.maxPages - this.counter.pagesCrawled - this.inflight,
      );
      let took = 0;
      if (room > 0) {
        const batch = await deps.store.take(room);
        took = batch.length;
        for (const entry of batch) {
          this.inflight++;
          const task: Promise<void> = this.runEntry(entry).finally(() => {
            this.inflight--;
            tasks.delete(task);
            this.notify();
          });
          tasks.add(task);
        }
      }
      if (took > 0) continue;
      if (this.inflight === 0 && !this.seeding) {
        if (this.counter.pagesCrawled >= options.maxPages && (await deps.store.counts()).queued > 0)
          endedBy = 'page-limit';
        break;
      }
      await this.changed();
    }
    this.controller.abort('done');
    await Promise.allSettled([...tasks, timeLimit, this.seeding]);
    return endedBy;
  }

  private async runEntry(entry: FrontierEntry): Promise<void> {
    const signal = this.controller.signal;
    this.currentUrl = entry.url;
    let record: PageRecord;
    let links: FoundLink[];
    try {
      ({ record, links } = await processEntry(this.ctx, entry, signal));
    } catch (err) {
      if (signal.aborted) return;
      this.deps.logger.error('page failed', { url: entry.url, error: (err as Error).message });
      this.fatal = `crawler failure on ${entry.url}: ${(err as Error).message}`;
      return;
    }
    if (signal.aborted) return;
    if (entry.foundVia === 'start' && record.redirectChain.length && !record.error)
      this.scope.adopt(new URL(record.finalUrl));
    record.redirectChain.forEach((hop, i) => {
      this.preferred.learn(hop.url, record.redirectChain[i + 1]?.url ?? record.finalUrl);
    });
    const sameDepth = links.filter((l) => l.via === 'redirect');
    await this.enqueueLinks(sameDepth, record, entry.depth, 'redirect');
    await this.enqueueLinks(
      links.filter((l) => l.via !== 'redirect'),
      record,
      entry.depth + 1,
      'link',
    );
    await this.deps.store.savePage(entry.key, record);
    this.counter.add(record);
    if (entry.foundVia === 'start' && record.status === 0 && record.error)
      this.fatal = startUrlFailureText(record.error);
    await this.channel.push({ type: 'page', page: record });
    await this.progress(false);
  }

  private async enqueueLinks(
    links: FoundLink[],
    from: PageRecord | null,
    depth: number,
    via: 'link' | 'redirect' | 'sitemap',
  ): Promise<void> {
    // A redirect's target is its final URL, so only the requested URL counts as itself there.
    const selfKeys = new Set(
      from ? [urlKey(from.url), via === 'redirect' ? null : urlKey(from.finalUrl)] : [],
    );
    const entries = new Map<string, FrontierEntry>();
    const inlinks: InlinkObservation[] = [];
    for (const link of links) {
      const raw = urlKey(link.url);
      // A redirect target is queued as it is; other links take the site's preferred form.
      const key = raw && via !== 'redirect' ? this.preferred.apply(raw) : raw;
      if (!key || selfKeys.has(key) || entries.has(key)) continue;
      const url = new URL(key);
      if (!this.scope.contains(url)) {
        this.counter.prune('scope', 1, key);
        continue;
      }
      const bound = this.bounds.check(url, depth);
      if (bound) {
        this.counter.prune(bound, 1, key);
        continue;
      }
      const foundVia = via === 'link' && link.via === 'alternate' ? 'alternate' : via;
      entries.set(key, { url: key, key, depth, foundVia, referrer: from?.finalUrl ?? null });
      if (from && via === 'link') inlinks.push({ key, from: from.finalUrl });
    }
    if (entries.size) await this.deps.store.enqueue([...entries.values()]);
    if (inlinks.length) await this.deps.store.addInlinks(inlinks);
  }

  private async progress(force: boolean): Promise<void> {
    const now = this.deps.clock.now();
    if (!force && now - this.lastProgress < this.deps.progressIntervalMs) return;
    this.lastProgress = now;
    const counts = await this.deps.store.counts();
    await this.channel.push({
      type: 'progress',
      pagesFound: counts.seen,
      pagesCrawled: this.counter.pagesCrawled,
      queued: counts.queued,
      errors: this.counter.errors,
      currentUrl: this.currentUrl,
      elapsedMs: now - this.started,
    });
  }
}
