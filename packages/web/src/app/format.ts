/** A date as the UI shows it everywhere: "December 22, 2026" (UTC, so every reader sees one day). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A date with its time, for events that may share a day: "November 26, 2026, 12:38 PM UTC". */
export function formatDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${formatDate(iso)}, ${time} UTC`;
}

/** "1 page", "2 pages": one helper for the core's messages and every screen. */
export { agree, formatCount, plural } from '@mapsmith/core/browser';
