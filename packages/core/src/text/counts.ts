/**
 * Counts as people read them, in one place for every message of the core and every screen of
 * the web app: "1,234", and "1 page" / "2 pages" with the noun (or noun and verb) agreeing.
 */

/** A count as people read it: "1,234". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The word that agrees with a count, without the count: `agree(n, 'was', 'were')`, `agree(n, 'it', 'them')`. */
export function agree(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 page", "2 pages"; `plural(n, 'URL is', 'URLs are')` where a verb follows. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${agree(count, one, many)}`;
}
