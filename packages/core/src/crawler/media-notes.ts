/**
 * What the media sitemaps leave out, said in the crawl's notes (walkthrough defects 16 and 19):
 * videos without a field Google requires, per page with the fields, and images that answer 4xx
 * or were not checked.
 */
import { missingVideoFields } from '../export/videos.js';
import { agree, formatCount, plural } from '../text/counts.js';
import type { ImageCheckBounds, ImageCheckResult } from './image-check.js';
import type { PageRecord } from './types.js';

/** Pages named in a note at most; the rest are counted. */
export const MAX_NOTE_EXAMPLES = 10;

/** One listed page whose videos lack fields: each video's missing fields. */
interface VideoGap {
  url: string;
  missing: string[][];
}

/** "missing title", or "2 videos missing description; missing thumbnail_loc" for one page. */
function describe(missing: string[][]): string {
  const counts = new Map<string, number>();
  for (const fields of missing) {
    const text = fields.join(', ');
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts]
    .map(([fields, n]) => agree(n, `missing ${fields}`, `${plural(n, 'video')} missing ${fields}`))
    .join('; ');
}

/** Collects, while a crawl runs, the listed pages with videos the video sitemap leaves out. */
export class VideoGaps {
  private readonly examples: VideoGap[] = [];
  /** Videos left out in all. */
  videos = 0;
  /** Pages with one or more in all. */
  pages = 0;

  /** Counts one saved record. */
  add(page: PageRecord): void {
    if (!page.verdict.included || page.videos.length === 0) return;
    const missing = page.videos.map(missingVideoFields).filter((fields) => fields.length > 0);
    if (missing.length === 0) return;
    this.videos += missing.length;
    this.pages++;
    // The first pages by URL, not by arrival: two crawls of one site say the same.
    this.examples.push({ url: page.url, missing });
    this.examples.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    if (this.examples.length > MAX_NOTE_EXAMPLES) this.examples.pop();
  }

  /** The note, none when every video is listed. */
  notes(): string[] {
    if (this.videos === 0) return [];
    const pages = this.examples.map(({ url, missing }) => `${url} (${describe(missing)})`);
    const more = this.pages - this.examples.length;
    if (more > 0) pages.push(plural(more, 'more page'));
    const n = this.videos;
    return [
      `${plural(n, 'video')} left out of the video sitemap for missing fields Google requires: ${pages.join('; ')}`,
    ];
  }
}

const images = (n: number) => plural(n, 'image');

/** The notes about image checks: what was left out as broken, and what was not checked. */
export function imageCheckNotes(
  check: ImageCheckResult | null,
  bounds: ImageCheckBounds,
): string[] {
  if (check === null) return [];
  const notes: string[] = [];
  // By URL, so two crawls of one site name the same images.
  const broken = [...check.broken].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (broken.length > 0) {
    const named = broken.slice(0, MAX_NOTE_EXAMPLES).map(([url, status]) => `${url} (${status})`);
    const more = broken.length - named.length;
    if (more > 0) named.push(`${formatCount(more)} more`);
    notes.push(
      `${images(broken.length)} answering 4xx left out of the image lists: ${named.join(', ')}`,
    );
  }
  if (check.blocked > 0)
    notes.push(
      `${images(check.blocked)} not checked because robots.txt disallows fetching ${agree(check.blocked, 'it', 'them')} (still listed)`,
    );
  if (check.failed > 0)
    notes.push(
      `${images(check.failed)} could not be checked (no answer, or an address that may not be fetched) and ${agree(check.failed, 'is', 'are')} still listed`,
    );
  if (check.unchecked > 0)
    notes.push(
      `${images(check.unchecked)} not checked for 4xx answers (the crawl checks the first ${images(bounds.max)}, within ${Math.round(bounds.budgetMs / 1000)} s) and still listed`,
    );
  return notes;
}
