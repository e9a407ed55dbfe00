/**
 * The buckets of the crawl report's charts (issue 29) that are also filters of the URL table,
 * so a bar of a chart and the table it opens count the same rows.
 */

/** The ids of the response-time buckets (`TIME_BUCKETS`), fastest first. */
export const TIME_BUCKET_IDS = ['under-100ms', '100-300ms', '300ms-1s', '1-3s', 'over-3s'] as const;

/** A response-time bucket's id. */
export type TimeBucketId = (typeof TIME_BUCKET_IDS)[number];

/**
 * Response-time buckets, in milliseconds: from `min` (inclusive) to `max` (exclusive; null:
 * no end). Rows with no answer have no time and fall in none of them.
 */
export const TIME_BUCKETS: readonly {
  id: TimeBucketId;
  label: string;
  min: number;
  max: number | null;
}[] = [
  { id: 'under-100ms', label: 'under 100 ms', min: 0, max: 100 },
  { id: '100-300ms', label: '100–300 ms', min: 100, max: 300 },
  { id: '300ms-1s', label: '300 ms–1 s', min: 300, max: 1000 },
  { id: '1-3s', label: '1–3 s', min: 1000, max: 3000 },
  { id: 'over-3s', label: '3 s or more', min: 3000, max: null },
];

/** The depth chart's last bar: this many clicks or more (`10+` as a filter). */
export const DEPTH_CHART_CAP = 10;

/** Folder levels the site-structure chart keeps under a host (`/a/b/c/` is three). */
export const FOLDER_LEVELS = 3;

/** How the depth filter is written: `3` (exactly three clicks) or `10+` (ten or more). */
export const DEPTH_FILTER = /^\d{1,4}\+?$/;

/** How the folder filter is written: an address up to a slash after its host (`https://a.example/blog/`). */
export const UNDER_FILTER = /^https?:\/\/[^/]+\//i;

/** How the status filter is written: a code (`404`), a class (`4xx`) or `none` (no answer). */
export const HTTP_STATUS_FILTER = /^(?:[1-5](?:\d\d|xx)|none)$/;

/** The depth filter's bounds: `{ min, max }` (max null: no upper bound). */
export function depthRange(depth: string): { min: number; max: number | null } {
  const min = Number.parseInt(depth, 10);
  return { min, max: depth.endsWith('+') ? null : min };
}

/** The status filter's bounds, or `none` for rows that got no answer. */
export function statusRange(status: string): { min: number; max: number } | 'none' {
  if (status === 'none') return 'none';
  if (status.endsWith('xx')) {
    const base = Number(status[0]) * 100;
    return { min: base, max: base + 99 };
  }
  const code = Number(status);
  return { min: code, max: code };
}
