import type { PageRecord } from '../../crawler/types.js';
import type { Finding, SeoContext } from '../types.js';

/** The pages that share a value of `pick` with another page (empty values ignored). */
export function duplicated(
  ctx: SeoContext,
  pick: (page: PageRecord) => string | null,
  what: string,
): Finding | null {
  const groups = new Map<string, string[]>();
  for (const page of ctx.content) {
    const value = pick(page)?.trim().toLowerCase();
    if (!value) continue;
    const urls = groups.get(value) ?? [];
    urls.push(page.url);
    groups.set(value, urls);
  }
  const urls: string[] = [];
  let sets = 0;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    sets++;
    urls.push(...group);
  }
  if (urls.length === 0) return null;
  return {
    urls,
    applicable: ctx.content.length,
    message: `${urls.length} pages share ${sets === 1 ? 'one' : sets} duplicate ${what}${sets === 1 ? '' : 's'}`,
  };
}
