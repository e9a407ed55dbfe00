/**
 * The zod-free half of the crawl settings (crawl-settings.ts has the schema): their bounds,
 * whether they depart from the defaults, and their words for the job page. Kept apart so the
 * web app can import these without the schema library landing in its first-load chunk.
 */
import type { CrawlSettings } from './crawl-settings.js';

/** Most include or exclude patterns one crawl takes. */
export const MAX_CRAWL_PATTERNS = 20;

/** True when no setting departs from the crawler's defaults (a free user's crawl, say). */
export function isDefaultCrawlSettings(settings: CrawlSettings | null | undefined): boolean {
  if (!settings) return true;
  return Object.values(settings).every(
    (value) => value === undefined || (Array.isArray(value) && value.length === 0) || value === '',
  );
}

/**
 * The settings in a few words for the job page: "depth 5, exclude /tag/*, render never".
 * Empty when every setting is the default.
 */
export function describeCrawlSettings(settings: CrawlSettings | null | undefined): string[] {
  if (!settings) return [];
  const parts: string[] = [];
  if (settings.maxDepth !== undefined) parts.push(`depth ${settings.maxDepth}`);
  if (settings.include?.length) parts.push(`include ${settings.include.join(', ')}`);
  if (settings.exclude?.length) parts.push(`exclude ${settings.exclude.join(', ')}`);
  if (settings.listQueryUrls) parts.push('query-string URLs listed');
  if (settings.scope && settings.scope !== 'host') parts.push(`scope ${settings.scope}`);
  if (settings.render && settings.render !== 'auto') parts.push(`render ${settings.render}`);
  if (settings.politenessDelayMs) parts.push(`delay ${settings.politenessDelayMs} ms`);
  if (settings.userAgentSuffix) parts.push(`user agent + "${settings.userAgentSuffix}"`);
  // The staging login by its user name and header names only: never a secret (issue 29).
  const { basic, headers } = settings.siteAuth ?? {};
  if (basic) parts.push(`staging login as ${basic.username}`);
  if (headers?.length) parts.push(`headers ${headers.map((header) => header.name).join(', ')}`);
  return parts;
}

/**
 * The settings that decide which URLs a crawl meets and lists, each as comparable text (the
 * default written out, patterns in order), keyed by their words in the change report.
 */
function reachSettings(settings: CrawlSettings | null | undefined): Record<string, string> {
  const s = settings ?? {};
  return {
    depth: String(s.maxDepth ?? 'default'),
    include: [...(s.include ?? [])].sort().join('\n'),
    exclude: [...(s.exclude ?? [])].sort().join('\n'),
    'query URLs': String(s.listQueryUrls ?? false),
    scope: s.scope ?? 'host',
    rendering: s.render ?? 'auto',
  };
}

/**
 * The settings that decide which URLs are met and listed (depth, include, exclude, query URLs,
 * scope, rendering) and differ between an earlier crawl and a later one, in words; empty when
 * the two compare like with like. The change report counts URLs the later crawl did not reach
 * apart from "removed" when this is not empty (issue 25 point 5).
 */
export function reachSettingsChanged(
  earlier: CrawlSettings | null | undefined,
  later: CrawlSettings | null | undefined,
): string[] {
  const before = reachSettings(earlier);
  const after = reachSettings(later);
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}

/** What an answer shows in place of a secret of the crawl settings (a password, a header value). */
export const MASKED_SECRET = '••••';

/**
 * The settings as an answer shows them (issue 29): the staging site's user name and header
 * names, every password and header value replaced by {@link MASKED_SECRET}. Every answer that
 * carries settings (job, history, schedules, bulk, exports, reports) passes them through here.
 */
export function maskCrawlSettings<T extends CrawlSettings | null | undefined>(settings: T): T {
  if (!settings?.siteAuth) return settings;
  const { basic, headers } = settings.siteAuth;
  return {
    ...settings,
    siteAuth: {
      ...(basic ? { basic: { username: basic.username, password: MASKED_SECRET } } : {}),
      ...(headers ? { headers: headers.map(({ name }) => ({ name, value: MASKED_SECRET })) } : {}),
    },
  };
}

/** Where a kept secret has nothing stored to keep: the field, in the input's terms. */
export class NoStoredSecret extends Error {
  constructor(readonly field: string) {
    super('There is no stored secret to keep here: type it.');
    this.name = 'NoStoredSecret';
  }
}

/**
 * The settings of an edit with every secret sent as {@link MASKED_SECRET} replaced by the one
 * stored (the password, a header's value by its name): an edit keeps a stored secret unless a
 * new one is typed. Throws {@link NoStoredSecret} when a mask has nothing stored behind it.
 */
export function keepStoredSecrets(
  typed: CrawlSettings | undefined,
  stored: CrawlSettings | null | undefined,
): CrawlSettings | undefined {
  if (!typed?.siteAuth) return typed;
  const { basic, headers } = typed.siteAuth;
  const kept = stored?.siteAuth;
  const storedValue = (name: string) =>
    kept?.headers?.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
  const secret = (value: string, storedOne: string | undefined, field: string) => {
    if (value !== MASKED_SECRET) return value;
    if (storedOne === undefined) throw new NoStoredSecret(field);
    return storedOne;
  };
  return {
    ...typed,
    siteAuth: {
      ...(basic
        ? {
            basic: {
              username: basic.username,
              password: secret(
                basic.password,
                kept?.basic?.password,
                'settings.siteAuth.basic.password',
              ),
            },
          }
        : {}),
      ...(headers
        ? {
            headers: headers.map(({ name, value }, i) => ({
              name,
              value: secret(value, storedValue(name), `settings.siteAuth.headers.${i}.value`),
            })),
          }
        : {}),
    },
  };
}
