/**
 * Crawl settings a user chooses for a crawl (Pro; spec's "advanced crawl settings"): one schema
 * for one-off, scheduled and bulk crawls, over HTTP and IPC, mapped onto the core crawler's
 * options by {@link crawlSettingsOptions}. A setting left out keeps the crawler's default.
 *
 * Patterns are globs only (`*` matches anything; matched against the URL or its path and query).
 * The CLI's `/regex/` form is not offered here: a hosted server must not run a stranger's
 * regular expression on every link (catastrophic backtracking), so globs are compiled by us.
 */
import { z } from 'zod';
import type { CrawlOptions } from '../crawler/options.js';
import { MAX_SITE_AUTH_HEADERS, RESERVED_HEADER_NAMES } from '../crawler/site-auth.js';

import { MASKED_SECRET, MAX_CRAWL_PATTERNS } from './crawl-settings-text.js';

// The zod-free half (the words, the defaults test, the bounds) lives apart, so the web app's
// first load can show settings without shipping the schema library; re-exported here.
export {
  describeCrawlSettings,
  isDefaultCrawlSettings,
  MAX_CRAWL_PATTERNS,
  reachSettingsChanged,
} from './crawl-settings-text.js';

/** Most `*` wildcards in one pattern (bounds the glob's matching work). */
const MAX_WILDCARDS = 5;

const globPattern = z
  .string()
  .trim()
  .min(1, 'A pattern cannot be empty')
  .max(200, 'A pattern is at most 200 characters')
  .refine((value) => /^[\x21-\x7e]+$/.test(value), 'A pattern has no spaces or control characters')
  .refine(
    (value) => value.split('*').length - 1 <= MAX_WILDCARDS,
    `A pattern has at most ${MAX_WILDCARDS} * wildcards`,
  );

const patternList = (which: string) =>
  z.array(globPattern).max(MAX_CRAWL_PATTERNS, `At most ${MAX_CRAWL_PATTERNS} ${which} patterns`);

/** True when the text holds a control character (a line break could smuggle a header). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A header field name (RFC 9110 token), not one the fetcher sets itself. */
const headerName = z
  .string()
  .trim()
  .min(1, 'A header name cannot be empty')
  .max(100, 'A header name is at most 100 characters')
  .refine(
    (value) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value),
    'A header name is letters, digits and - only',
  )
  .refine(
    (value) => !RESERVED_HEADER_NAMES.has(value.toLowerCase()),
    'Mapsmith sets this header itself; choose another',
  );

/** A header value: printable text, no line breaks (so it cannot smuggle another header). */
const headerValue = z
  .string()
  .max(4000, 'A header value is at most 4,000 characters')
  .refine(
    (value) => /^[\x20-\x7e\t]*$/.test(value),
    'A header value is printable ASCII on one line',
  );

const password = z
  .string()
  .max(500, 'A password is at most 500 characters')
  .refine((value) => !hasControlCharacter(value), 'A password has no control characters')
  .refine((value) => value !== MASKED_SECRET, 'Type the password itself');

/** A secret is write-only: answers show {@link MASKED_SECRET} in its place. */
const WRITE_ONLY = { writeOnly: true } as const;

/** The mask an edit sends back for a secret it keeps (schedules.update: the stored one stays). */
const keptSecret = z.literal(MASKED_SECRET);

/** The staging login, its secrets as `secret` (typed, or typed or kept). */
function siteAuthOf(secrets: { password: z.ZodType<string>; value: z.ZodType<string> }) {
  return z
    .object({
      basic: z
        .object({
          username: z
            .string()
            .min(1, 'Enter a user name')
            .max(200, 'A user name is at most 200 characters')
            .refine((value) => !value.includes(':'), 'A basic-auth user name has no colon')
            .refine(
              (value) => !hasControlCharacter(value),
              'A user name has no control characters',
            ),
          password: secrets.password.meta(WRITE_ONLY),
        })
        .strict()
        .optional(),
      headers: z
        .array(z.object({ name: headerName, value: secrets.value.meta(WRITE_ONLY) }).strict())
        .max(MAX_SITE_AUTH_HEADERS, `At most ${MAX_SITE_AUTH_HEADERS} extra headers`)
        .optional(),
    })
    .strict();
}

/**
 * Credentials of a staging site (Pro): sent only to the crawl's own site (`site-auth.ts`).
 * Write-only in the contract: answers show them masked, never their secret parts.
 */
export const siteAuthSettings = siteAuthOf({ password, value: headerValue });

/** The settings of one crawl; every field optional (the crawler's default when absent). */
export const crawlSettings = z
  .object({
    /** Follow links at most this many clicks from the start URL. */
    maxDepth: z
      .number({ error: 'Max depth must be a whole number' })
      .int('Max depth must be a whole number')
      .min(0, 'Max depth is 0 or more')
      .max(100, 'Max depth is at most 100')
      .optional(),
    /** Crawl only URLs matching one of these globs. */
    include: patternList('include').optional(),
    /** Neither crawl nor list URLs matching one of these globs. */
    exclude: patternList('exclude').optional(),
    /** List URLs that carry a query string (by default crawled, not listed). */
    listQueryUrls: z.boolean({ error: 'List query URLs is true or false' }).optional(),
    /** Which URLs belong to the site. */
    scope: z
      .enum(['host', 'domain', 'origin'], { error: 'Scope is host, domain or origin' })
      .optional(),
    /** When pages are rendered in headless Chromium. */
    render: z
      .enum(['auto', 'never', 'always'], { error: 'Render is auto, never or always' })
      .optional(),
    /** Least delay between two requests to the site, ms (robots.txt Crawl-delay still raises it). */
    politenessDelayMs: z
      .number({ error: 'The delay must be a whole number of milliseconds' })
      .int('The delay must be a whole number of milliseconds')
      .min(0, 'The delay is 0 ms or more')
      .max(10_000, 'The delay is at most 10,000 ms')
      .optional(),
    /** Appended to the user agent (a contact, say); robots.txt still reads MapsmithBot. */
    userAgentSuffix: z
      .string()
      .trim()
      .max(100, 'The user-agent suffix is at most 100 characters')
      .refine(
        (value) => /^[\x20-\x7e]*$/.test(value),
        'The user-agent suffix is printable ASCII only',
      )
      .optional(),
    /** Credentials of a staging site (basic auth, extra headers); Pro, write-only. */
    siteAuth: siteAuthSettings.optional(),
  })
  .strict();

/**
 * The settings of an edit that may keep stored secrets (`schedules.update`): a password or a
 * header value sent as {@link MASKED_SECRET} keeps the one stored (`keepStoredSecrets`).
 */
export const crawlSettingsKeepingSecrets = crawlSettings.extend({
  siteAuth: siteAuthOf({
    password: z.union([keptSecret, password]),
    value: z.union([keptSecret, headerValue]),
  }).optional(),
});

/** Settings of one crawl, as the contract carries them. */
export type CrawlSettings = z.infer<typeof crawlSettings>;

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
}

/** A glob as the crawler's `/regex/` form, so a glob that looks like `/x/` stays a glob. */
function globAsRegex(glob: string): string {
  return `/^${escapeRegex(glob).replace(/\*/g, '.*')}$/i`;
}

/** The core crawler options these settings set (only the ones given). */
export function crawlSettingsOptions(settings: CrawlSettings): Partial<CrawlOptions> {
  const options: Partial<CrawlOptions> = {};
  if (settings.maxDepth !== undefined) options.maxDepth = settings.maxDepth;
  if (settings.include?.length) options.include = settings.include.map(globAsRegex);
  if (settings.exclude?.length) options.exclude = settings.exclude.map(globAsRegex);
  if (settings.listQueryUrls !== undefined) options.listQueryUrls = settings.listQueryUrls;
  if (settings.scope !== undefined) options.scope = settings.scope;
  if (settings.render !== undefined) options.render = settings.render;
  if (settings.politenessDelayMs !== undefined)
    options.politenessDelayMs = settings.politenessDelayMs;
  if (settings.siteAuth?.basic || settings.siteAuth?.headers?.length)
    options.siteAuth = settings.siteAuth;
  return options;
}
