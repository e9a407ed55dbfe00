/**
 * Options, help and parsing of `mapsmith crawl` (light: loaded for `--help` and parsing; the
 * crawler itself loads only when a crawl runs). Crawl options map one to one onto the core
 * crawler's `CrawlOptions`; the sitemap-file options are `mapsmith export`'s own.
 */
import type { CrawlOptions, RenderMode, ScopeMode } from '@mapsmith/core';
import { formatCount } from '@mapsmith/core/counts';
import { DEFAULT_CRAWL_OPTIONS } from '@mapsmith/core/crawl-options';
import { USER_AGENT } from '@mapsmith/core/version';
import {
  type OptionSpecs,
  oneOf,
  optionHelp,
  parseOptions,
  UsageError,
  wholeNumber,
} from '../args.js';
import { type SiteAuthFlags, siteAuthFlags, siteAuthOptions } from './site-auth.js';
import { type ExportChoice, exportChoice, exportFileOptions } from './sitemap-files.js';

const MB = 1024 ** 2;

/** The crawler's byte bound in the flag's unit (`--max-storage-mb`). */
const DEFAULT_MAX_STORAGE_MB = DEFAULT_CRAWL_OPTIONS.maxStoredBytes / MB;

/** The crawl's own options (what to crawl, how, and where the records go). */
const crawlOnlyOptions = {
  'max-pages': {
    type: 'string',
    value: 'N',
    help: `stop after N pages (default ${formatCount(DEFAULT_CRAWL_OPTIONS.maxPages)})`,
  },
  'max-depth': {
    type: 'string',
    value: 'N',
    help: 'follow links at most N clicks from <url> (default: no limit)',
  },
  scope: {
    type: 'string',
    value: 'S',
    help: `which URLs belong to the site (default ${DEFAULT_CRAWL_OPTIONS.scope}):\nhost (same host), domain (its subdomains too), origin (same scheme,\nhost and port)`,
  },
  include: {
    type: 'string',
    value: 'PATTERN',
    multiple: true,
    help: 'crawl only URLs matching a pattern (repeatable): a glob with *\n(matched against the URL or its path) or /regex/',
  },
  exclude: {
    type: 'string',
    value: 'PATTERN',
    multiple: true,
    help: 'neither crawl nor list URLs matching a pattern (repeatable)',
  },
  'list-query-urls': {
    type: 'boolean',
    help: 'list URLs with a query string too (default: crawled, not listed)',
  },
  'no-sitemaps': {
    type: 'boolean',
    help: "don't seed the crawl from robots.txt Sitemap: lines and /sitemap.xml",
  },
  delay: {
    type: 'string',
    value: 'MS',
    help: `wait at least MS milliseconds between two requests to a host\n(default ${DEFAULT_CRAWL_OPTIONS.politenessDelayMs}; a robots.txt Crawl-delay raises it)`,
  },
  'time-limit': {
    type: 'string',
    value: 'T',
    help: `stop after T seconds, or 90s, 15m, 2h (default ${DEFAULT_CRAWL_OPTIONS.timeLimitMs / 60_000}m)`,
  },
  'max-storage-mb': {
    type: 'string',
    value: 'MB',
    help: `stop once the crawl has stored MB megabytes (default ${formatCount(DEFAULT_MAX_STORAGE_MB)}): it\nends a link trap before the disk fills; a site of a million pages needs more`,
  },
  'max-frontier-urls': {
    type: 'string',
    value: 'N',
    help: `queue at most N URLs, leaving out links past them (default ${formatCount(DEFAULT_CRAWL_OPTIONS.maxFrontierUrls)})`,
  },
  'user-agent-suffix': {
    type: 'string',
    value: 'TEXT',
    help: 'append TEXT (e.g. a contact) to the user agent; robots.txt rules\nstill apply to MapsmithBot',
  },
  render: {
    type: 'string',
    value: 'MODE',
    help: `auto (render app shells in Chromium), never, always (default ${DEFAULT_CRAWL_OPTIONS.render})`,
  },
  concurrency: {
    type: 'string',
    value: 'N',
    help: `requests in flight (default ${DEFAULT_CRAWL_OPTIONS.concurrency}; at most ${DEFAULT_CRAWL_OPTIONS.perHostConcurrency} per host)`,
  },
  'parse-workers': {
    type: 'string',
    value: 'N',
    help: 'parse pages in N worker threads, 0 in the main thread (default: cores - 1\non 4 or more cores, else 0)',
  },
  'allow-loopback': {
    type: 'boolean',
    help: 'allow 127.0.0.1/localhost targets (local test sites only)',
  },
  ...siteAuthOptions,
  out: { type: 'string', value: 'FILE', help: 'write one JSON object per URL (JSON Lines)' },
  json: { type: 'boolean', help: 'print the run summary as JSON on stdout; no progress line' },
  'out-dir': { type: 'string', value: 'DIR', help: 'write sitemap files there after the crawl' },
} as const satisfies OptionSpecs;

/** Every option of `mapsmith crawl`: its own, then every `mapsmith export` file option. */
export const crawlOptions = { ...crawlOnlyOptions, ...exportFileOptions } as const;

/** Help text of `mapsmith crawl`. */
export const crawlHelp = `mapsmith crawl <url> [options] [--out FILE.jsonl] [--out-dir DIR --formats xml,html,...]

Crawls a site from <url> and reports every URL it met with its sitemap verdict. On a terminal
a progress line shows pages crawled, URLs listed, the queue, the rate and the time; Ctrl-C stops
the crawl and still writes what it has.

Crawl options:
${optionHelp(crawlOnlyOptions, crawlOptions)}

Sitemap files (with --out-dir; the same options as "mapsmith export"):
${optionHelp(exportFileOptions, crawlOptions)}

Exit status: 0 when the crawl ran, 1 for a bad URL, an unreachable site, a refused address or
a start page that refuses the credentials (401/403), 2 for bad options, 130 when interrupted
(what was crawled is still written).`;

/** A parsed `mapsmith crawl` command line. */
export interface CrawlCommand {
  /** The core crawler's options. */
  options: Partial<CrawlOptions> & { startUrl: string };
  /** User-Agent header of every request, when a suffix was given. */
  userAgent?: string;
  /** The staging-site credential flags, read with the environment when the crawl runs. */
  siteAuth?: SiteAuthFlags;
  /** JSON Lines file of the records. */
  out?: string;
  /** Summary as JSON, no progress line. */
  json: boolean;
  /** Parse worker threads (the machine's default when absent; see `defaultParseWorkers`). */
  parseWorkers?: number;
  /** Sitemap files to write after the crawl. */
  exportTo?: ExportChoice & { outDir: string };
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function duration(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match ? Math.round(Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000)) : 0;
  if (ms < 1)
    throw new UsageError(`--time-limit must be seconds or a time like 90s, 15m, 2h, not "${text}"`);
  return ms;
}

function userAgentOf(suffix: string | undefined): string | undefined {
  if (suffix === undefined) return undefined;
  // A header value: printable ASCII only, so no line break can smuggle in another header.
  if (!/^[\x20-\x7e]{1,200}$/.test(suffix) || suffix.trim() === '')
    throw new UsageError('--user-agent-suffix must be 1-200 printable ASCII characters');
  return `${USER_AGENT} ${suffix.trim()}`;
}

function megabytesOf(text: string | undefined): number | undefined {
  const mb = wholeNumber('max-storage-mb', text, 1);
  return mb === undefined ? undefined : mb * MB;
}

/** A bound against typos: no machine this runs on has use for more parse threads. */
const MAX_PARSE_WORKERS = 64;

function parseWorkers(text: string | undefined): number | undefined {
  const n = wholeNumber('parse-workers', text, 0);
  if (n !== undefined && n > MAX_PARSE_WORKERS)
    throw new UsageError(`--parse-workers must be at most ${MAX_PARSE_WORKERS}, not "${text}"`);
  return n;
}

/**
 * Parses a `mapsmith crawl` command line; throws a {@link UsageError} for anything wrong.
 * `allowLoopbackEnv` is `MAPSMITH_ALLOW_LOOPBACK=1`, which allows loopback like the flag.
 */
export function parseCrawlArgs(argv: readonly string[], allowLoopbackEnv = false): CrawlCommand {
  const { values, positionals } = parseOptions(argv, crawlOptions);
  if (positionals.length !== 1) throw new UsageError('give exactly one start URL');
  const outDir = values['out-dir'];
  if (outDir === undefined) {
    const fileOption = Object.keys(exportFileOptions).find((name) => name in values);
    if (fileOption) throw new UsageError(`--${fileOption} needs --out-dir DIR`);
  }
  const concurrency = wholeNumber('concurrency', values.concurrency, 1);
  const options: CrawlCommand['options'] = {
    startUrl: positionals[0] as string,
    maxPages: wholeNumber('max-pages', values['max-pages'], 1),
    maxDepth: wholeNumber('max-depth', values['max-depth'], 0),
    render: oneOf<RenderMode>('render', values.render ?? DEFAULT_CRAWL_OPTIONS.render, [
      'auto',
      'never',
      'always',
    ]),
    scope:
      values.scope === undefined
        ? undefined
        : oneOf<ScopeMode>('scope', values.scope, ['host', 'domain', 'origin']),
    include: values.include,
    exclude: values.exclude,
    listQueryUrls: values['list-query-urls'],
    useSitemaps: values['no-sitemaps'] ? false : undefined,
    politenessDelayMs: wholeNumber('delay', values.delay, 0),
    timeLimitMs: duration(values['time-limit']),
    maxStoredBytes: megabytesOf(values['max-storage-mb']),
    maxFrontierUrls: wholeNumber('max-frontier-urls', values['max-frontier-urls'], 1),
    concurrency,
    perHostConcurrency:
      concurrency === undefined
        ? undefined
        : Math.min(DEFAULT_CRAWL_OPTIONS.perHostConcurrency, concurrency),
    allowLoopback: values['allow-loopback'] === true || allowLoopbackEnv,
  };
  return {
    options,
    userAgent: userAgentOf(values['user-agent-suffix']),
    siteAuth: siteAuthFlags(values),
    out: values.out,
    json: values.json === true,
    parseWorkers: parseWorkers(values['parse-workers']),
    exportTo: outDir === undefined ? undefined : { outDir, ...exportChoice(values) },
  };
}
