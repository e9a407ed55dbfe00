/**
 * Trap bounds and URL filters applied before a URL enters the frontier: depth, URL length,
 * repeated path segments, query variants per path, include/exclude patterns. Each refusal names
 * the bound, so the summary can say which one pruned the crawl.
 */
import type { CrawlOptions } from './options.js';
import { TrapBounds } from './trap-bounds.js';
import type { PruneBound } from './types.js';

/** Compiles a pattern: `/regex/` as given, otherwise a glob where `*` matches anything. */
export function compilePattern(pattern: string): RegExp {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (regex?.[1] !== undefined) return new RegExp(regex[1], regex[2]);
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

function matches(patterns: RegExp[], url: URL): boolean {
  const path = `${url.pathname}${url.search}`;
  return patterns.some((p) => p.test(url.href) || p.test(path));
}

/** Longest run of identical consecutive path segments (empty segments skipped). */
export function longestRepeat(pathname: string): number {
  // A scan without split(): this runs for every new link of a crawl.
  let best = 0;
  let run = 0;
  let prevStart = -1;
  let prevLen = 0;
  let i = 0;
  const n = pathname.length;
  while (i < n) {
    let end = pathname.indexOf('/', i);
    if (end === -1) end = n;
    const len = end - i;
    if (len > 0) {
      run =
        prevStart !== -1 &&
        len === prevLen &&
        pathname.startsWith(pathname.slice(i, end), prevStart)
          ? run + 1
          : 1;
      if (run > best) best = run;
      prevStart = i;
      prevLen = len;
    }
    i = end + 1;
  }
  return best;
}

/** The stateful bound checker of one crawl. */
export class Bounds {
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];
  private readonly variants = new Map<string, Set<string>>();
  private readonly traps: TrapBounds;

  /** Compiles the crawl's patterns; throws a readable error for an invalid regex. */
  constructor(private readonly options: CrawlOptions) {
    try {
      this.include = options.include.map(compilePattern);
      this.exclude = options.exclude.map(compilePattern);
    } catch (err) {
      throw new Error(`invalid include/exclude pattern: ${(err as Error).message}`);
    }
    this.traps = new TrapBounds(options);
  }

  /** Returns the bound that refuses this URL at this depth, or null when it may be queued. */
  check(url: URL, depth: number, isStart = false): PruneBound | null {
    if (!isStart) {
      if (this.exclude.length && matches(this.exclude, url)) return 'pattern';
      if (this.include.length && !matches(this.include, url)) return 'pattern';
      if (depth > this.options.maxDepth) return 'depth';
    }
    if (url.href.length > this.options.maxUrlLength) return 'url-length';
    if (longestRepeat(url.pathname) > this.options.maxRepeatedSegments) return 'repeated-segments';
    if (url.search) {
      const path = `${url.origin}${url.pathname}`;
      let seen = this.variants.get(path);
      if (!seen) {
        seen = new Set();
        this.variants.set(path, seen);
      }
      if (!seen.has(url.search)) {
        if (seen.size >= this.options.maxQueryVariants) return 'query-variants';
        seen.add(url.search);
      }
    }
    return isStart ? null : this.traps.check(url);
  }
}
