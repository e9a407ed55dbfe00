/**
 * Image answers (walkthrough defect 19): an image sitemap must not list an image that answers
 * 4xx. Once a crawl ends, the images of its listed pages are asked for with HEAD (GET when HEAD
 * is refused), through the crawl's one fetcher, URL policy, robots.txt gate and per-host
 * politeness gate. The checks are bounded: at most `max` images (the first found), `concurrency`
 * at a time, and `budgetMs` in all; what is not checked stays listed and is counted.
 */
import type { Clock } from '../ports/clock.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RobotsGate } from '../robots/robots-gate.js';
import { fetchPage } from './fetch-page.js';
import type { HostGate } from './host-gate.js';

/** Images checked per crawl at most; the rest stay listed unchecked. */
export const MAX_IMAGE_CHECKS = 200;
/** Image checks in flight at least (a crawl uses its own concurrency when higher; each host's own limit and delay still apply). */
export const IMAGE_CHECK_CONCURRENCY = 4;
/** Time all the checks of one crawl may take; images not reached in it stay unchecked. */
export const IMAGE_CHECK_BUDGET_MS = 30_000;

/** What the checks need of the crawl. */
export interface ImageCheckDeps {
  /** The crawl's fetcher. */
  fetcher: HttpFetcher;
  /** The crawl's URL policy (SSRF guard). */
  policy: UrlPolicy;
  /** Time. */
  clock: Clock;
  /** robots.txt per origin. */
  robots: RobotsGate;
  /** Per-host politeness. */
  hosts: HostGate;
}

/** The bounds of one run of checks. */
export interface ImageCheckBounds {
  /** Images checked at most. */
  max: number;
  /** Checks in flight at once. */
  concurrency: number;
  /** Time for all of them. */
  budgetMs: number;
}

/** What came of the checks. */
export interface ImageCheckResult {
  /** Images that answered 4xx, with their status, in the order found. */
  broken: Map<string, number>;
  /** Images asked for (an answer or a failure). */
  checked: number;
  /** Images left unchecked: beyond `max`, or not reached within the time budget. */
  unchecked: number;
  /** Images robots.txt keeps MapsmithBot from fetching (not asked for). */
  blocked: number;
  /** Images that could not be checked: no answer, or an address the URL policy refuses. */
  failed: number;
}

const HEAD_REFUSED = new Set([405, 501]);

/** Asks for each image (at most `bounds.max`); never throws. `signal` cancels. */
export async function checkImages(
  images: readonly string[],
  deps: ImageCheckDeps,
  bounds: ImageCheckBounds,
  signal?: AbortSignal,
): Promise<ImageCheckResult> {
  const result: ImageCheckResult = {
    broken: new Map(),
    checked: 0,
    unchecked: Math.max(0, images.length - bounds.max),
    blocked: 0,
    failed: 0,
  };
  const queue = images.slice(0, bounds.max);
  const stop = new AbortController();
  const cancel = () => stop.abort('cancelled');
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  const budget = deps.clock.sleep(bounds.budgetMs, stop.signal).then(
    () => stop.abort('time'),
    () => {},
  );
  let next = 0;
  const broken = new Map<number, number>();
  const worker = async () => {
    while (next < queue.length && !stop.signal.aborted) {
      const index = next++;
      const outcome = await checkOne(queue[index] ?? '', deps, stop.signal).catch(() => null);
      if (outcome === null) {
        // Cut off by the budget or a cancel: it was not checked.
        result.unchecked++;
        continue;
      }
      if (outcome === 'blocked') result.blocked++;
      else if (outcome === 'failed') result.failed++;
      else {
        result.checked++;
        if (outcome >= 400 && outcome < 500 && outcome !== 429) broken.set(index, outcome);
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, bounds.concurrency) }, worker);
  await Promise.all(workers);
  result.unchecked += queue.length - Math.min(next, queue.length);
  stop.abort('done');
  signal?.removeEventListener('abort', cancel);
  await budget;
  // In the order the images were found, whatever order the answers came in.
  for (const index of [...broken.keys()].sort((a, b) => a - b))
    result.broken.set(queue[index] ?? '', broken.get(index) ?? 0);
  return result;
}

/** The status one image answers, or why it was not asked; rejects when cut off. */
async function checkOne(
  image: string,
  deps: ImageCheckDeps,
  signal: AbortSignal,
): Promise<number | 'blocked' | 'failed'> {
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return 'failed';
  }
  if (!deps.policy.checkUrl(url).allowed) return 'failed';
  const allowed = async (target: string) =>
    (await deps.robots.rulesFor(new URL(target), signal)).isAllowed(target);
  const rules = await deps.robots.rulesFor(url, signal);
  if (!rules.isAllowed(url.href)) return 'blocked';
  if (rules.crawlDelaySeconds) deps.hosts.setDelay(url.host, rules.crawlDelaySeconds * 1000);
  const release = await deps.hosts.acquire(url.host, signal);
  try {
    const base = {
      maxRedirects: 5,
      maxRetries: 1,
      retryBaseMs: 500,
      maxRetryAfterMs: 5_000,
      mayFollow: allowed,
      signal,
    };
    let outcome = await fetchPage(url.href, deps, { ...base, method: 'HEAD', maxBodyBytes: 0 });
    if (outcome.response && HEAD_REFUSED.has(outcome.response.status))
      outcome = await fetchPage(url.href, deps, { ...base, maxBodyBytes: 1 });
    if (outcome.stopped) return 'blocked';
    return outcome.response?.status ?? 'failed';
  } finally {
    release();
  }
}
