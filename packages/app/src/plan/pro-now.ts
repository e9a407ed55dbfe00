/**
 * Whether an account is Pro at `nowMs`, the one rule every shell reads (session, API token,
 * schedules, the desktop's linked account): Pro lasts while `proUntil` (the ISO time the paid
 * period ends) is strictly later than now. At that instant it has ended; null (never paid, or
 * nothing left) and unreadable times are not Pro. A refund moves `proUntil` back to no later
 * than now, so it ends Pro at once.
 */
export function isProAt(proUntil: string | null | undefined, nowMs: number): boolean {
  if (!proUntil) return false;
  return Date.parse(proUntil) > nowMs;
}
