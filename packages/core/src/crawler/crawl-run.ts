/**
 * One crawl: the pool loop (take leased entries while there is room, run them, wake when one
 * finishes), frontier feeding with scope and trap bounds, progress and the final summary.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { urlLimit } from '../limits/page-count.js';
import type { Clock } from '../ports/clock.js';
import type { CrawlStore, FrontierEntry } from '../ports/crawl-store.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { PageRenderer } from '../ports/renderer.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { RobotsGate } from '../robots/robots-gate.js';
import { Bounds } from './bounds.js';
import { crawlNotes } from './crawl-notes.js';
import type { EventChannel } from './event-channel.js';
import { type CrawlEvent, type CrawlProgress, MAX_IN_FLIGHT_SHOWN } from './events.js';
import type { FoundLink } from './extract/page-facts.js';
import { credentialsFailureText, startUrlFailureText } from './failure-text.js';
import { GrowthMeter } from './growth.js';
import { HostGate } from './host-gate.js';
import {
  checkImages,
  IMAGE_CHECK_BUDGET_MS,
  IMAGE_CHECK_CONCURRENCY,
  type ImageCheckBounds,
  type ImageCheckResult,
  MAX_IMAGE_CHECKS,
} from './image-check.js';
import { LinkAdmission } from './link-admission.js';
import { imageCheckNotes, VideoGaps } from './media-notes.js';
import { type CrawlOptions, SLOW_RESPONSE_MS } from './options.js';
import { type ProcessContext, processEntry, processLanded } from './page-processor.js';
import { blankRecord } from './page-record.js';
import { ParsePool } from './parse-pool.js';
import { PreferredForm } from './preferred-form.js';
import { RenderPolicy } from './render-policy.js';
import { createScope, type Scope } from './scope.js';
import { seedFromSitemaps } from './seed.js';
import { credentialSite, hasSiteAuth, renderCredentials } from './site-auth.js';
import { fetcherWithSiteAuth } from './site-auth-fetcher.js';
import { plainStartIfSecureFails } from './start-scheme.js';
import { SummaryCounter } from './summary-counter.js';
import { dropImages, ImageCounter } from './template-images.js';
import type { EndedBy, GrowthLimit, PageRecord } from './types.js';
import { urlForms } from './url-key.js';
import { isOutside, OUTSIDE_VERDICT } from './verdict.js';

/** While pages are in flight, progress is told at least this often (ms), slow pages or not. */
const HEARTBEAT_MS = 1000;

/**
 * Redirect targets held as records until their turn in the queue; beyond this many a target is
 * fetched again at its turn instead, so a site of redirects cannot grow the heap without bound.
 */
const MAX_LANDED = 2000;

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
  /** Hybrid pages per template rendered as a sample in auto mode. */
  renderSampleSize: number;
  /** Render timeout per page. */
  renderTimeoutMs: number;
  /** Least time between two progress events. */
  progressIntervalMs: number;
  /** Whom the crawl is for, with the renderer (see `CrawlerDeps.renderUser`). */
  renderUser?: string;
  /** Bounds of the image checks at the end (default: `MAX_IMAGE_CHECKS` and the rest). */
  imageChecks?: ImageCheckBounds;
  /** Worker threads that parse pages (0: in-thread; see `parse-pool.ts`). */
  parseWorkers: number;
}

/** Runs one crawl, streaming its events into `channel`; ends with the `done` event. */
export class CrawlRun {
  private readonly controller = new AbortController();
  private readonly counter = new SummaryCounter();
  private readonly images = new ImageCounter();
  private readonly videoGaps = new VideoGaps();
  /** The caller's cancel signal: it still stops the image checks once the crawl is done. */
  private readonly cancel: AbortSignal | undefined;
  private readonly preferred = new PreferredForm();
  private readonly started: number;
  private readonly deps: RunDeps;
  private readonly parser: ParsePool;
  private scope!: Scope;
  /** The scope of the start URL as given, for the fetches made before the crawl's own scope. */
  private givenScope: Scope | null = null;
  private bounds!: Bounds;
  private ctx!: ProcessContext;
  private inflight = 0;
  /**
   * Frontier rows this run knows to be queued, or null while unknown (a resumed crawl's
   * frontier). It may count too many (rows queued while a take was reading), never too few, so
   * a take is skipped only when it would come back empty.
   */
  private queued: number | null = null;
  /** Rows this run has added to the frontier, a running total. */
  private enqueued = 0;
  private dirty = false;
  private wake: (() => void) | null = null;
  private seeding: Promise<void> | null = null;
  private fatal: string | null = null;
  private lastProgress = 0;
  /** Entries being processed now and when each started, oldest first (insertion order). */
  private readonly fetching = new Map<FrontierEntry, number>();
  private admission!: LinkAdmission;
  /** Why the start page looks like a JavaScript app this crawl could not render, if it does. */
  private hint: string | null = null;
  /** That https did not answer and the crawl went over http, when it did. */
  private schemeNote: string | null = null;
  /** Redirect targets already recorded from their redirect's answer, until their turn. */
  private readonly landed = new Map<string, PageRecord>();
  /** Frontier rows and bytes stored, against the growth bounds. */
  private readonly growth: GrowthMeter;

  /** Prepares a run; `signal` cancels it. */
  constructor(
    deps: RunDeps,
    private readonly options: CrawlOptions,
    private readonly channel: EventChannel<CrawlEvent>,
    signal?: AbortSignal,
  ) {
    this.started = deps.clock.now();
    // Every fetch of the crawl carries the site's credentials by the one sending rule.
    this.deps = {
      ...deps,
      fetcher: fetcherWithSiteAuth(deps.fetcher, options.siteAuth, (url) => this.ownSite(url)),
    };
    this.growth = new GrowthMeter(options);
    this.parser = new ParsePool(deps.parseWorkers);
    this.cancel = signal;
    // Every in-flight fetch, sleep and gate wait listens on the crawl's signal.
    setMaxListeners(0, this.controller.signal);
    const abort = () => this.controller.abort('cancelled');
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    this.controller.signal.addEventListener('abort', () => this.notify(), { once: true });
  }

  /**
   * Whether a request to `url` carries the credentials: on the crawl's own site by its scope rule
   * (the start URL as given until the crawl's scope exists: robots.txt comes first) and on the
   * crawl's scheme (`credentialSite`).
   */
  private ownSite(url: URL): boolean {
    const start = new URL(this.options.startUrl);
    if (this.scope) return credentialSite((u) => this.scope?.contains(u) ?? false, start)(url);
    this.givenScope ??= createScope(this.options.scope, start);
    const given = this.givenScope;
    return credentialSite((u) => given.contains(u), start)(url);
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
    }
    // Every page is in by now: the parse workers end with the crawl, whatever ended it.
    await this.parser.close();
    let queued = 0;
    let template = new Set<string>();
    let dropped = 0;
    let check: ImageCheckResult | null = null;
    const bounds = this.deps.imageChecks ?? {
      max: MAX_IMAGE_CHECKS,
      // As many in flight as the crawl itself: each host's gate still bounds what one host gets.
      concurrency: Math.max(IMAGE_CHECK_CONCURRENCY, this.options.concurrency),
      budgetMs: IMAGE_CHECK_BUDGET_MS,
    };
    // The wrap-up reads and writes the store too: a store that fails here (a full disk) ends
    // the crawl as an error like one that fails mid-crawl, never as an unhandled rejection.
    try {
      queued = (await this.deps.store.counts()).queued;
      if (endedBy === 'page-limit' || endedBy === 'url-limit')
        this.counter.prune('page-limit', queued);
      if (!this.fatal) template = this.images.template();
      dropped = await dropImages(this.deps.store, template).catch((err) => {
        this.deps.logger.warn('template images kept', { error: (err as Error).message });
        return 0;
      });
      // A stopped crawl, or one out of time, ends now: its images are not checked.
      if (!this.fatal && endedBy !== 'cancelled' && endedBy !== 'time-limit' && this.ctx)
        check = await this.checkImages(template, bounds);
      await this.progress(true);
    } catch (err) {
      this.fatal ??= err instanceof Error ? err.message : String(err);
    }
    if (this.fatal) endedBy = 'error';
    const summary = this.counter.summary(
      this.options.startUrl,
      endedBy,
      this.deps.clock.now() - this.started,
      this.fatal,
    );
    const limit = this.limitOf(endedBy);
    if (limit !== undefined) summary.limit = limit;
    const notes = crawlNotes(
      {
        pruned: summary.pruned,
        endedBy,
        queued,
        appShell: this.hint,
        templateImages: { images: template.size, entries: dropped },
        outsideKept: this.admission ? this.admission.outsideKept : 0,
        media: [...imageCheckNotes(check, bounds), ...this.videoGaps.notes()],
      },
      this.options,
    );
    for (const note of this.ctx?.render.notes() ?? []) notes.push(note);
    if (this.schemeNote) notes.unshift(this.schemeNote);
    if (notes.length) summary.notes = notes;
    await this.channel.push({ type: 'done', summary });
    this.channel.end();
  }

  /**
   * Asks for the listed pages' images (site chrome aside) and drops those that answer 4xx from
   * the saved records, so no image list names them; a failing store keeps them.
   */
  private async checkImages(
    template: Set<string>,
    bounds: ImageCheckBounds,
  ): Promise<ImageCheckResult | null> {
    const found = this.images.found(template);
    if (found.length === 0) return null;
    const check = await checkImages(found, { ...this.deps, ...this.ctx }, bounds, this.cancel);
    // Images past the counted ones are never among the first checked: they stay unchecked.
    check.unchecked += this.images.uncounted;
    await dropImages(this.deps.store, new Set(check.broken.keys())).catch((err) => {
      this.deps.logger.warn('broken images kept', { error: (err as Error).message });
      check.broken.clear();
    });
    return check;
  }

  private async crawl(): Promise<EndedBy> {
    const { deps, options } = this;
    let startForms = urlForms(options.startUrl);
    if (!startForms) throw new Error(`not an absolute http(s) URL: ${options.startUrl}`);
    const decision = deps.policy.checkUrl(new URL(startForms.key));
    if (!decision.allowed) throw new Error(decision.reason);
    const robots = new RobotsGate(deps.fetcher, deps.policy, deps.clock, deps.logger);
    const plain = await plainStartIfSecureFails(
      new URL(startForms.key),
      { robots, policy: deps.policy, logger: deps.logger },
      this.controller.signal,
    );
    if (plain) {
      startForms = urlForms(plain.url.href) ?? startForms;
      this.schemeNote = plain.note;
    }
    const startKey = startForms.key;
    this.options.startUrl = startKey;
    const start = new URL(startKey);
    this.scope = createScope(options.scope, start);
    this.bounds = new Bounds(options);
    this.admission = new LinkAdmission(this.scope, this.bounds, this.preferred, this.counter);
    this.ctx = {
      ...deps,
      options,
      robots,
      hosts: new HostGate(options.perHostConcurrency, options.politenessDelayMs, deps.clock),
      render: new RenderPolicy(options.render, deps.renderer !== undefined, deps.renderSampleSize),
      parser: this.parser,
      isKnown: (url) => this.admission.isKnown(url),
      renderOwner: randomUUID(),
      renderCredentials: renderCredentials(options.siteAuth, (url) => this.ownSite(url)),
    };
    await deps.store.requeueLeased();
    // A resumed crawl's stored rows count against its growth bounds.
    this.growth.frontier = (await deps.store.counts()).seen;
    for await (const page of deps.store.pages()) {
      this.growth.saved(page);
      // A URL outside the site is a row of the report, not a URL the crawl fetched.
      if (isOutside(page)) {
        this.admission.keptOutside(page.url);
        continue;
      }
      this.counter.add(page);
      this.images.add(page);
      this.videoGaps.add(page);
    }
    const startEntry: FrontierEntry = {
      url: startForms.fetch,
      key: startKey,
      depth: 0,
      foundVia: 'start',
      referrer: null,
    };
    this.growth.reserve(1);
    this.addQueued([startEntry], await deps.store.enqueue([startEntry]));
    this.admission.admit(startKey);
    if (options.useSitemaps)
      this.seeding = seedFromSitemaps(start, robots, deps, this.controller.signal)
        .then((urls) =>
          this.enqueueLinks(
            urls.map((url) => ({ url, nofollow: false, via: 'anchor' as const })),
            null,
            1,
            'sitemap',
          ).then(() => {}),
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
    // A wait for slow pages brings no page events: the heartbeat tells the progress meanwhile.
    // A real timer, not the clock: it only paces what the user sees.
    const heartbeat = setInterval(() => {
      if (this.fetching.size > 0) void this.progress(false)?.catch(() => undefined);
    }, HEARTBEAT_MS);
    let endedBy: EndedBy = 'finished';
    const urlCap = urlLimit(options.maxPages);
    // A store that fails in `take` or `counts` ends the crawl, but never before every
    // started page has settled: none of them may outlive the run.
    try {
      for (;;) {
        if (this.controller.signal.aborted) {
          const reason = this.controller.signal.reason;
          endedBy = reason === 'time-limit' || reason === 'storage-limit' ? reason : 'cancelled';
          break;
        }
        if (this.fatal) break;
        const room = Math.min(
          options.concurrency - this.inflight,
          // The cap counts pages (2xx HTML) only; redirects, errors and blocked URLs are free.
          options.maxPages - this.counter.pages - this.inflight,
          // Free URLs are bounded too: a site of endless redirects or 404s ends here.
          urlCap - this.counter.pagesCrawled - this.inflight,
        );
        // Whether the crawl was idle before `take`: a page that ends while the take is being
        // answered queues its links after the take read the frontier, so an empty take ends
        // the crawl only when nothing was in flight when it began (a site's deeper pages were
        // lost this way when the database answered late).
        const idle = this.inflight === 0 && !this.seeding;
        let took = 0;
        // While pages are in flight a frontier known to be empty is not read: its take would
        // come back empty (on a database, a write transaction and a claim check for nothing).
        if (room > 0 && (idle || this.queued !== 0)) {
          const before = this.enqueued;
          const batch = await deps.store.take(room);
          took = batch.length;
          this.tookFromFrontier(took, room, before);
          for (const entry of batch) {
            this.inflight++;
            // runEntry catches its own failures; the catch is a backstop so a rejection can
            // never go unhandled (Node ends the whole process on one).
            const task: Promise<void> = this.runEntry(entry)
              .catch((err) => this.fail(err, entry.url))
              .finally(() => {
                this.inflight--;
                tasks.delete(task);
                this.notify();
              });
            tasks.add(task);
          }
        }
        if (took > 0) continue;
        if (idle) {
          const capped = this.counter.pages >= options.maxPages;
          if ((capped || this.counter.pagesCrawled >= urlCap) && (await deps.store.counts()).queued)
            endedBy = capped ? 'page-limit' : 'url-limit';
          else if (this.growth.frontierFull) endedBy = 'frontier-limit';
          break;
        }
        await this.changed();
      }
    } finally {
      clearInterval(heartbeat);
      this.controller.abort('done');
      await Promise.allSettled([...tasks, timeLimit, this.seeding]);
    }
    return endedBy;
  }

  /** Counts `added` new frontier rows (of `entries`) as queued and against the growth bounds. */
  private addQueued(entries: FrontierEntry[], added: number): void {
    this.growth.queued(entries, added);
    this.enqueued += added;
    if (this.queued !== null) this.queued += added;
  }

  /**
   * After a take of `room` that returned `took` rows: fewer than asked means the frontier was
   * empty when read, so only the rows added since the take began (`enqueued` was `before`) may
   * be queued now.
   */
  private tookFromFrontier(took: number, room: number, before: number): void {
    if (took < room) this.queued = this.enqueued - before;
    else if (this.queued !== null) this.queued = Math.max(0, this.queued - took);
  }

  /** Ends the crawl for a failure outside the page's own fetch (the store, the channel). */
  private fail(err: unknown, url: string): void {
    const message = err instanceof Error ? err.message : String(err);
    this.deps.logger.error('crawl storage failed', { url, error: message });
    this.fatal ??= `storage failed: ${message}`;
    this.notify();
  }

  private async runEntry(entry: FrontierEntry): Promise<void> {
    const signal = this.controller.signal;
    let record: PageRecord;
    let links: FoundLink[];
    let landed: Awaited<ReturnType<typeof processEntry>>['landed'];
    let appShell: string | undefined;
    try {
      const early = this.landed.get(entry.key);
      if (early) {
        this.landed.delete(entry.key);
        record = early;
        links = [];
      } else {
        this.fetching.set(entry, this.deps.clock.now());
        ({ record, links, landed, appShell } = await processEntry(this.ctx, entry, signal));
      }
    } catch (err) {
      if (signal.aborted) return;
      this.deps.logger.error('page failed', { url: entry.url, error: (err as Error).message });
      this.fatal = `crawler failure on ${entry.url}: ${(err as Error).message}`;
      return;
    } finally {
      this.fetching.delete(entry);
    }
    if (signal.aborted) return;
    try {
      await this.keep(entry, { record, links, landed, appShell }, signal);
    } catch (err) {
      this.fail(err, entry.url);
    }
  }

  /** Queues the page's links, stores it and reports it; a store failure rejects. */
  private async keep(
    entry: FrontierEntry,
    fetched: {
      record: PageRecord;
      links: FoundLink[];
      landed: Awaited<ReturnType<typeof processEntry>>['landed'];
      appShell: string | undefined;
    },
    signal: AbortSignal,
  ): Promise<void> {
    const { record, links, landed, appShell } = fetched;
    if (entry.foundVia === 'start' && record.redirectChain.length && !record.error) {
      this.scope.adopt(new URL(record.finalUrl));
      this.admission.scopeChanged();
    }
    // The start page (or the page its redirect lands on) tells whether the site is an app.
    if (appShell && entry.foundVia === 'start') this.hint ??= appShell;
    record.redirectChain.forEach((hop, i) => {
      this.preferred.learn(hop.url, record.redirectChain[i + 1]?.url ?? record.finalUrl);
    });
    const sameDepth = links.filter((l) => l.via === 'redirect');
    // Most pages do not redirect: no admission pass for an empty list.
    const targets = sameDepth.length
      ? await this.enqueueLinks(sameDepth, record, entry.depth, 'redirect')
      : [];
    const target = targets[0];
    if (landed && target && this.landed.size < MAX_LANDED) {
      try {
        const early = await processLanded(this.ctx, target, landed, signal);
        if (early.appShell && entry.foundVia === 'start') this.hint ??= early.appShell;
        await this.enqueueLinks(early.links, early.record, target.depth + 1, 'link');
        this.landed.set(target.key, early.record);
      } catch (err) {
        if (signal.aborted) return;
        this.fatal = `crawler failure on ${target.url}: ${(err as Error).message}`;
        return;
      }
    }
    await this.enqueueLinks(
      sameDepth.length ? links.filter((l) => l.via !== 'redirect') : links,
      record,
      entry.depth + 1,
      'link',
    );
    await this.deps.store.savePage(entry.key, record);
    this.stored(record);
    this.counter.add(record);
    this.images.add(record);
    this.videoGaps.add(record);
    if (entry.foundVia === 'start' && record.status === 0 && record.error)
      this.fatal = startUrlFailureText(record.error);
    if (entry.foundVia === 'start' && !record.error)
      this.fatal ??= credentialsFailureText(record.status, hasSiteAuth(this.options.siteAuth));
    // Neither is a promise unless it has to wait: most pages then await nothing more here.
    const held = this.channel.push({ type: 'page', page: record });
    if (held) await held;
    const told = this.progress(false);
    if (told) await told;
  }

  private async enqueueLinks(
    links: FoundLink[],
    from: PageRecord | null,
    depth: number,
    via: 'link' | 'redirect' | 'sitemap',
  ): Promise<FrontierEntry[]> {
    const admitted = this.admission.links(links, from, depth, via);
    const { inlinks, outside } = admitted;
    // Past the frontier bound new URLs are left out; the queue is still crawled to its end.
    const room = this.growth.reserve(admitted.entries.length);
    let entries = admitted.entries;
    if (room < entries.length) {
      for (const left of entries.slice(room)) this.counter.prune('frontier', 1, left.key);
      entries = entries.slice(0, room);
    }
    if (entries.length) this.addQueued(entries, await this.deps.store.enqueue(entries));
    if (inlinks.length) {
      await this.deps.store.addInlinks(inlinks);
      this.growth.linked(inlinks);
    }
    for (const entry of outside) {
      // Recorded, never fetched: neither the page cap nor the summary's counts see it.
      const record = blankRecord(entry);
      record.verdict = OUTSIDE_VERDICT;
      await this.deps.store.savePage(entry.key, record);
      this.stored(record);
      await this.channel.push({ type: 'page', page: record });
    }
    return entries;
  }

  /** Counts a stored record; past the byte bound the crawl ends at once. */
  private stored(record: PageRecord): void {
    this.growth.saved(record);
    if (this.growth.overBytes && !this.controller.signal.aborted)
      this.controller.abort('storage-limit');
  }

  /** The figure of the growth bound that ended the crawl, for its sentence. */
  private limitOf(endedBy: EndedBy): number | undefined {
    const limits: Partial<Record<GrowthLimit, number>> = {
      'frontier-limit': this.options.maxFrontierUrls,
      'storage-limit': this.options.maxStoredBytes,
    };
    return limits[endedBy as GrowthLimit];
  }

  /** Tells the progress when it is due (or `force`); a promise only when it tells it. */
  private progress(force: boolean): Promise<void> | undefined {
    const now = this.deps.clock.now();
    if (!force && now - this.lastProgress < this.deps.progressIntervalMs) return;
    this.lastProgress = now;
    return this.tellProgress(now);
  }

  private async tellProgress(now: number): Promise<void> {
    const counts = await this.deps.store.counts();
    await this.channel.push({
      type: 'progress',
      pagesFound: counts.seen,
      pagesCrawled: this.counter.pagesCrawled,
      queued: counts.queued,
      errors: this.counter.errors,
      ...this.inFlight(this.deps.clock.now()),
      pageTimeoutMs: this.options.pageTimeoutMs,
      elapsedMs: now - this.started,
    });
  }

  /** What is being fetched at `now`: the newest URL, the longest-running ones, how many are slow. */
  private inFlight(now: number): Pick<CrawlProgress, 'currentUrl' | 'inFlight' | 'slowInFlight'> {
    const running = [...this.fetching].map(([entry, started]) => ({
      url: entry.url,
      elapsedMs: now - started,
    }));
    return {
      currentUrl: running.at(-1)?.url ?? null,
      inFlight: running.slice(0, MAX_IN_FLIGHT_SHOWN),
      slowInFlight: running.filter((r) => r.elapsedMs > SLOW_RESPONSE_MS).length,
    };
  }
}
