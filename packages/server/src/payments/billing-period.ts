/**
 * One billing month after `from`, in UTC: the same day of the next month, or that month's last
 * day when it is shorter (Jan 31 → Feb 28 or 29), at the same time of day.
 */
export function addOneMonth(from: Date): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** An amount in cents from PayPal's decimal string ("3.00", "3", "3.0"); NaN when it is not one. */
export function toCents(value: string | undefined): number {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
