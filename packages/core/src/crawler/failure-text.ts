import { plainFailureText } from '../net/plain-reason.js';

const ROBOTS_UNREACHABLE = /^robots\.txt unreachable: (.*)$/;

/**
 * Why a crawl could not start, written for the person who asked for it: what happened, in plain
 * words, and what it means. `error` is the start page's recorded fetch error.
 */
export function startUrlFailureText(error: string): string {
  const robots = ROBOTS_UNREACHABLE.exec(error);
  if (robots) {
    return `We could not reach the site's robots.txt (${plainFailureText(robots[1] ?? '')}), so we did not crawl: a site whose robots.txt is unreachable asks crawlers to stay away.`;
  }
  return `We could not reach the start page (${plainFailureText(error)}). Check the address, and that the site is online and reachable from the internet.`;
}
