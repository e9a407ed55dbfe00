/**
 * The crawler's half of the site-address rule (contract/site-scheme.ts): a site is asked for
 * over https first; when https does not answer at all (no server, refused connection, a TLS
 * handshake that fails), the same address over http is tried, and the crawl says which was used.
 */
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RobotsGate } from '../robots/robots-gate.js';

/** The start address over http, and the note that says why, when https did not answer. */
export interface PlainStart {
  url: URL;
  note: string;
}

const UNREACHABLE = /^robots\.txt unreachable: /;

/**
 * Null when the start answers over its own scheme (or is http already, or http answers no
 * better); otherwise the http address to start from. It asks for robots.txt, which every crawl
 * fetches first anyway (the gate keeps the answer), so a site that answers costs no request.
 */
export async function plainStartIfSecureFails(
  start: URL,
  deps: { robots: RobotsGate; policy: UrlPolicy; logger: Logger },
  signal: AbortSignal,
): Promise<PlainStart | null> {
  if (start.protocol !== 'https:') return null;
  const secure = await deps.robots.rulesFor(start, signal);
  if (!secure.error) return null;
  const plain = new URL(start.href);
  plain.protocol = 'http:';
  if (!deps.policy.checkUrl(plain).allowed) return null;
  const answer = await deps.robots.rulesFor(plain, signal);
  if (answer.error) return null;
  const why = secure.error.replace(UNREACHABLE, '');
  deps.logger.info('https did not answer: crawling over http', { url: plain.href, error: why });
  return {
    url: plain,
    note: `${start.origin} did not answer (${why}), so the site was crawled over ${plain.origin}`,
  };
}
