/**
 * Counts as people read them, in one place for every message of the core and every screen of
 * the web app: "1,234", and "1 page" / "2 pages" with the noun (or noun and verb) agreeing.
 */

/** Each place a thousands comma goes in a run of digits. */
const THOUSANDS = /\B(?=(?:\d{3})+$)/g;

/**
 * A count as people read it: "1,234", as `toLocaleString('en-US')` writes it. Whole numbers
 * skip ICU, whose first call costs a process about 13 ms (1 % of a 5,000-page crawl's CPU).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(THOUSANDS, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** The word that agrees with a count, without the count: `agree(n, 'was', 'were')`, `agree(n, 'it', 'them')`. */
export function agree(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 page", "2 pages"; `plural(n, 'URL is', 'URLs are')` where a verb follows. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${agree(count, one, many)}`;
}
