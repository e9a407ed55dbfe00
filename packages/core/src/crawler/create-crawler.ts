/**
 * The crawler factory: `createCrawler({ fetcher, renderer, policy, store, logger, clock })`
 * wires the ports explicitly (no hidden global context) and returns a crawler whose `crawl`
 * streams events and ends with a `done` event carrying the summary.
 */

import { type Clock, systemClock } from '../ports/clock.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import { type Logger, silentLogger } from '../ports/logger.js';
import type { PageRenderer } from '../ports/renderer.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { createMemoryStore } from '../store/memory-store.js';
import { CrawlRun } from './crawl-run.js';
import { EventChannel } from './event-channel.js';
import type { CrawlEvent } from './events.js';
import type { ImageCheckBounds } from './image-check.js';
import type { CrawlOptions } from './options.js';
import { resolveOptions } from './resolve-options.js';

/** Timing knobs, mostly for tests; the defaults suit real sites. */
export interface CrawlerTuning {
  /** First retry backoff, doubled per retry (default 500 ms). */
  retryBaseMs?: number;
  /** Hybrid pages per template rendered in auto mode to check for script-added links (default 3). */
  renderSampleSize?: number;
  /** Render timeout per page (default 30 s). */
  renderTimeoutMs?: number;
  /** Least time between two progress events (default 250 ms). */
  progressIntervalMs?: number;
  /** Bounds of the image checks once a crawl ends (default 200 images, 4 at a time, 30 s). */
  imageChecks?: ImageCheckBounds;
  /**
   * Worker threads that parse pages, so one crawl uses more than one core (default 0: every
   * page in-thread, for hosts that run many crawls at once; the CLI, one crawl per process,
   * sizes it to the cores with `defaultParseWorkers`).
   */
  parseWorkers?: number;
}

/** The ports a crawler runs on. Only `fetcher` and `policy` are required. */
export interface CrawlerDeps {
  /** HTTP client (see `createHttpFetcher`). */
  fetcher: HttpFetcher;
  /** Headless browser for rendering; without it every page is static. */
  renderer?: PageRenderer;
  /** The SSRF guard (see `createUrlPolicy`). */
  policy: UrlPolicy;
  /** Frontier and results; a fresh memory store per crawl when absent. */
  store?: CrawlStore;
  /** Logger (silent by default). */
  logger?: Logger;
  /** Clock (the system clock by default). */
  clock?: Clock;
  /** Timing knobs. */
  tuning?: CrawlerTuning;
  /**
   * Whom this crawler's crawls are for (on a server, the account): the renderer shares its
   * slots fairly between users first, then between each user's crawls. Each crawl alone when
   * absent.
   */
  renderUser?: string;
}

/** A crawler: start crawls with `crawl`. */
export interface Crawler {
  /**
   * Crawls from `options.startUrl`. The stream ends with one `done` event; invalid options,
   * a refused or unreachable start URL end it with `endedBy: 'error'` and a readable `error`.
   * Aborting `signal`, or leaving the loop early, cancels the crawl.
   */
  crawl(
    options: Partial<CrawlOptions> & { startUrl: string },
    signal?: AbortSignal,
  ): AsyncIterable<CrawlEvent>;
}

/** Creates a crawler over explicit ports. */
export function createCrawler(deps: CrawlerDeps): Crawler {
  return {
    async *crawl(input, signal) {
      const clock = deps.clock ?? systemClock;
      let options: CrawlOptions;
      try {
        options = resolveOptions(input);
      } catch (err) {
        yield {
          type: 'done',
          summary: {
            startUrl: String(input?.startUrl ?? ''),
            pagesCrawled: 0,
            included: 0,
            excluded: {},
            renderedPages: 0,
            endedBy: 'error',
            pruned: {},
            durationMs: 0,
            error: (err as Error).message,
          },
        };
        return;
      }
      const local = new AbortController();
      const onAbort = () => local.abort(signal?.reason);
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const channel = new EventChannel<CrawlEvent>();
      const run = new CrawlRun(
        {
          fetcher: deps.fetcher,
          renderer: options.render === 'never' ? undefined : deps.renderer,
          policy: deps.policy,
          store: deps.store ?? createMemoryStore(),
          logger: deps.logger ?? silentLogger,
          clock,
          retryBaseMs: deps.tuning?.retryBaseMs ?? 500,
          renderSampleSize: deps.tuning?.renderSampleSize ?? 3,
          renderTimeoutMs: deps.tuning?.renderTimeoutMs ?? 30_000,
          progressIntervalMs: deps.tuning?.progressIntervalMs ?? 250,
          parseWorkers: deps.tuning?.parseWorkers ?? 0,
          renderUser: deps.renderUser,
          ...(deps.tuning?.imageChecks ? { imageChecks: deps.tuning.imageChecks } : {}),
        },
        options,
        channel,
        local.signal,
      );
      const finished = run.run();
      try {
        yield* channel;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        local.abort('cancelled');
        channel.close();
        await finished;
      }
    },
  };
}
