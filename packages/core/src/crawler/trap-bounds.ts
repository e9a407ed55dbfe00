/**
 * Link-trap heuristics beyond the per-URL bounds of `bounds.ts`: a segment that comes back
 * anywhere in a path (`/a/x/a/x/a`, which the consecutive-repeat bound lets through), too many
 * path segments, and too many URLs of one path template (a calendar's `/cal/2026/11`, a
 * session token in the path, a counter in the query). Query permutations and session
 * parameters never reach here as new URLs: the URL key sorts the query and drops them.
 */
import type { CrawlOptions } from './options.js';
import type { PruneBound } from './types.js';

/** Templates counted; past it a new template is not tracked (the frontier bound still holds). */
const MAX_TEMPLATES = 100_000;

const DIGIT = /[0-9]/;

/** Most occurrences of one path segment anywhere in `pathname`, and how many segments it has. */
export function segmentStats(pathname: string): { most: number; segments: number } {
  const seen = new Map<string, number>();
  let most = 0;
  let segments = 0;
  for (const segment of pathname.split('/')) {
    if (!segment) continue;
    segments++;
    const count = (seen.get(segment) ?? 0) + 1;
    seen.set(segment, count);
    if (count > most) most = count;
  }
  return { most, segments };
}

/**
 * The template of a URL: each path segment holding a digit becomes `*`, each query value `*`
 * (names kept, sorted); null for a URL with nothing to abstract (one URL per template anyway).
 */
export function pathTemplate(url: URL): string | null {
  let abstracted = false;
  const path = url.pathname
    .split('/')
    .map((segment) => {
      if (!DIGIT.test(segment)) return segment;
      abstracted = true;
      return '*';
    })
    .join('/');
  if (!url.search) return abstracted ? `${url.host}${path}` : null;
  const names = [...new Set([...url.searchParams.keys()])].sort();
  return `${url.host}${path}?${names.map((name) => `${name}=*`).join('&')}`;
}

/** The trap-heuristic state of one crawl. */
export class TrapBounds {
  private readonly perTemplate = new Map<string, number>();

  /** Uses the crawl's trap options. */
  constructor(
    private readonly options: Pick<
      CrawlOptions,
      'maxSegmentOccurrences' | 'maxPathSegments' | 'maxUrlsPerTemplate'
    >,
  ) {}

  /** The bound that refuses this new URL, or null; a URL let through counts for its template. */
  check(url: URL): PruneBound | null {
    const { most, segments } = segmentStats(url.pathname);
    if (most > this.options.maxSegmentOccurrences) return 'segment-occurrences';
    if (segments > this.options.maxPathSegments) return 'path-segments';
    const template = pathTemplate(url);
    if (template === null) return null;
    const count = this.perTemplate.get(template);
    if (count === undefined) {
      if (this.perTemplate.size < MAX_TEMPLATES) this.perTemplate.set(template, 1);
      return null;
    }
    if (count >= this.options.maxUrlsPerTemplate) return 'path-template';
    this.perTemplate.set(template, count + 1);
    return null;
  }
}
