import type { HistoryItem } from '@mapsmith/core/browser';

/** A completed crawl that listed nothing is not a success: it shows as the crawl page does. */
export function nothingListed(item: HistoryItem): boolean {
  return item.status === 'completed' && item.listed === 0;
}

/** The colour class of a crawl's status badge. */
export function statusClass(item: HistoryItem): 'completed' | 'failed' | 'pending' | 'empty' {
  if (nothingListed(item)) return 'empty';
  return item.status === 'completed' || item.status === 'failed' ? item.status : 'pending';
}

/** A crawl's status in words, as the dashboard and the history show it. */
export function statusLabel(item: HistoryItem): string {
  if (nothingListed(item)) return 'Nothing listed';
  if (item.status === 'completed') return 'Completed';
  if (item.status === 'failed') return 'Failed';
  if (item.status === 'paused') return 'Paused';
  return item.status === 'crawling' ? 'In progress' : 'Pending';
}

/** The tooltip of a status badge: why nothing was listed, when that is the case. */
export function statusTitle(item: HistoryItem): string | undefined {
  return nothingListed(item)
    ? (item.nothingListed ?? 'Nothing could be listed in a sitemap.')
    : undefined;
}
