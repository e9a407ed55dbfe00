import type { PageRecord } from '../../crawler/types.js';
import { agree, formatCount, plural } from '../../text/counts.js';
import { hash64 } from '../hash.js';
import { KeyTable } from '../key-table.js';
import { isContent } from '../scope.js';
import { MAX_ISSUE_URLS, type RuleAccumulator, type RuleEnv } from '../types.js';

const COUNT = 0;
/** Reference (plus one) of the group's first URL in the URL store; 0 when not kept. */
const FIRST = 1;

/**
 * The pages that share a value of `pick` with another page (trimmed, case-insensitive; empty
 * values ignored), listed group by group in order of each value's first page.
 *
 * Values are kept as 64-bit hashes with a count (about 24 bytes each). A group's first URL is
 * only known to matter once a second page shares its value, so it is kept in the URL store
 * until the examples are settled: once the duplicated groups up to some group already fill
 * `MAX_ISSUE_URLS`, later groups can never be listed and nothing more is kept for them.
 */
export function duplicated(
  env: RuleEnv,
  pick: (page: PageRecord) => string | null,
  what: string,
): RuleAccumulator {
  const groups = new KeyTable(2);
  const key = new Uint32Array(2);
  /** Example URLs of duplicated groups that can still be listed, by group id. */
  const head = new Map<number, string[]>();
  /** Groups with a higher id can no longer be listed. */
  let bound = Number.POSITIVE_INFINITY;
  let applicable = 0;
  let total = 0;
  let sets = 0;

  const listed = () => [...head.keys()].sort((a, b) => a - b);
  const tighten = () => {
    let sum = 0;
    for (const id of listed()) {
      if (sum >= MAX_ISSUE_URLS) {
        head.delete(id);
        continue;
      }
      sum += groups.get(id, COUNT);
      if (sum >= MAX_ISSUE_URLS) bound = id;
    }
  };

  return {
    observe(page) {
      if (!isContent(page)) return;
      applicable++;
      const value = pick(page)?.trim().toLowerCase();
      if (!value) return;
      hash64(value, key);
      const id = groups.add(key[0] ?? 0, key[1] ?? 0);
      const count = groups.get(id, COUNT) + 1;
      groups.set(id, COUNT, count);
      if (count === 2) {
        sets++;
        total += 2;
      } else if (count > 2) total++;
      if (id > bound) return;
      if (count === 1) {
        groups.set(id, FIRST, env.urls.keep(page) + 1);
        return;
      }
      let urls = head.get(id);
      if (!urls) {
        urls = [env.urls.get(groups.get(id, FIRST) - 1)];
        head.set(id, urls);
      }
      if (urls.length < MAX_ISSUE_URLS) urls.push(page.url);
      tighten();
    },
    finish() {
      if (total === 0) return null;
      const urls = listed()
        .flatMap((id) => head.get(id) ?? [])
        .slice(0, MAX_ISSUE_URLS);
      return {
        urls,
        count: total,
        applicable,
        message: `${plural(total, 'page')} share ${agree(sets, 'one', formatCount(sets))} duplicate ${agree(sets, what, `${what}s`)}`,
      };
    },
  };
}
