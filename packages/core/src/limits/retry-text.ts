import { plural } from '../text/counts.js';
/**
 * "Try again in 59 minutes." from a Retry-After in seconds: the one wording the server's 429
 * messages and the UI's toasts share. Seconds are rounded up to whole minutes (a minute or more)
 * so the user never retries too early; an unknown or bad value gives "Try again later."
 */
export function retryInWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Try again later.';
  if (seconds < 60) {
    const s = Math.ceil(seconds);
    return `Try again in ${plural(s, 'second')}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `Try again in ${plural(minutes, 'minute')}.`;
  return `Try again in ${plural(Math.ceil(minutes / 60), 'hour')}.`;
}
