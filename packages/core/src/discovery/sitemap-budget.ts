/**
 * One reading budget over every sitemap file of one audit or one comparison (issue 30, points 5
 * and 8): decompressed bytes and URLs in total, not per file, so an index of 100 gzipped
 * children of 49 MB each costs what one 50 MB file costs. Past a bound the reading stops and
 * `cut` says why, in words the user reads.
 */
import { plural } from '../text/counts.js';

/** The totals one audit or comparison may read. */
export interface SitemapReadLimits {
  /** Decompressed bytes over all files. */
  maxBytes: number;
  /** URLs over all files (an index's children not counted). */
  maxUrls: number;
}

/** Megabytes as the user reads them. */
const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** What is left of one reading's budget, and why it ran out. */
export class SitemapBudget {
  private bytes = 0;
  private urls = 0;
  /** Why the reading stopped early, in plain words; null while the budget holds. */
  cut: string | null = null;

  /** Starts a reading bounded by `limits`. */
  constructor(readonly limits: SitemapReadLimits) {}

  /** Decompressed bytes still allowed. */
  get bytesLeft(): number {
    return Math.max(0, this.limits.maxBytes - this.bytes);
  }

  /** Counts a file of `size` bytes; false (and `cut` says why) when it does not fit. */
  takeFile(file: string, size: number): boolean {
    if (this.bytes + size > this.limits.maxBytes) {
      this.cut ??= `The sitemaps were read up to ${mb(this.limits.maxBytes)} in all (decompressed); ${file} (${mb(size)}) and the files after it were not read.`;
      return false;
    }
    this.bytes += size;
    return true;
  }

  /** Counts one URL; false (and `cut` says why) past the bound. */
  takeUrl(): boolean {
    if (this.urls >= this.limits.maxUrls) {
      this.cut ??= `The sitemaps list more than ${plural(this.limits.maxUrls, 'URL')}; the first ${plural(this.limits.maxUrls, 'was', 'were')} read.`;
      return false;
    }
    this.urls++;
    return true;
  }
}
