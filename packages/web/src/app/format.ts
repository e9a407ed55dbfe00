/** A date as the UI shows it everywhere: "December 22, 2026" (UTC, so every reader sees one day). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "1 page", "2 pages": one helper for the core's messages and every screen. */
export { formatCount, plural } from '@mapsmith/core/browser';
