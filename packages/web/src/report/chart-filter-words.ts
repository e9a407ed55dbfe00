import { type ReportFilter, TIME_BUCKETS } from '@mapsmith/core/browser';

/**
 * The charts' filters of the table in words ("depth 3 · status 4xx · in https://a.example/blog/"),
 * or null when none is set: the filter bar says what a clicked bar narrowed the table to.
 */
export function chartFilterWords(filter: ReportFilter): string | null {
  const words: string[] = [];
  if (filter.depth) {
    const n = filter.depth.replace('+', '');
    words.push(
      n === '0' && !filter.depth.endsWith('+')
        ? 'the start page'
        : `${n}${filter.depth.endsWith('+') ? ' or more' : ''} click${n === '1' ? '' : 's'} deep`,
    );
  }
  if (filter.httpStatus)
    words.push(filter.httpStatus === 'none' ? 'no answer' : `status ${filter.httpStatus}`);
  if (filter.time)
    words.push(
      `answered in ${TIME_BUCKETS.find((b) => b.id === filter.time)?.label ?? filter.time}`,
    );
  if (filter.under) words.push(`in ${filter.under}`);
  return words.length ? words.join(' · ') : null;
}
