import { DEFAULT_CRAWL_OPTIONS } from '@mapsmith/core/crawl-options';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../args.js';
import { crawlHelp, parseCrawlArgs } from './crawl.js';
import { exportOptions } from './export.js';

const url = 'https://example.com/';
const usageError = (...argv: string[]) => {
  try {
    parseCrawlArgs(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('parseCrawlArgs', () => {
  it("maps every crawl option onto the core crawler's options", () => {
    const { options, userAgent, out, json } = parseCrawlArgs([
      url,
      '--max-pages=500',
      '--max-depth',
      '0',
      '--scope',
      'domain',
      '--include',
      '/blog/*',
      '--include',
      '/news/*',
      '--exclude',
      '/\\?sort=/',
      '--list-query-urls',
      '--no-sitemaps',
      '--delay',
      '250',
      '--time-limit',
      '15m',
      '--user-agent-suffix',
      'contact: ops@example.com',
      '--render',
      'never',
      '--concurrency',
      '20',
      '--out',
      'crawl.jsonl',
      '--json',
    ]);
    expect(options).toEqual({
      startUrl: url,
      maxPages: 500,
      maxDepth: 0,
      scope: 'domain',
      include: ['/blog/*', '/news/*'],
      exclude: ['/\\?sort=/'],
      listQueryUrls: true,
      useSitemaps: false,
      politenessDelayMs: 250,
      timeLimitMs: 900_000,
      render: 'never',
      concurrency: 20,
      perHostConcurrency: 8,
      allowLoopback: false,
    });
    expect(userAgent).toMatch(
      /^MapsmithBot\/\S+ \(\+https:\/\/mapsmith\.app\/bot\) contact: ops@example\.com$/,
    );
    expect(out).toBe('crawl.jsonl');
    expect(json).toBe(true);
  });

  it('leaves unset options to the core defaults', () => {
    const { options, userAgent, exportTo } = parseCrawlArgs([url]);
    const set = Object.entries(options).filter(([, v]) => v !== undefined);
    expect(Object.fromEntries(set)).toEqual({
      startUrl: url,
      render: 'auto',
      allowLoopback: false,
    });
    expect(userAgent).toBeUndefined();
    expect(exportTo).toBeUndefined();
    expect(parseCrawlArgs([url], true).options.allowLoopback).toBe(true);
  });

  it('reads --parse-workers, absent when not given (the machine decides)', () => {
    expect(parseCrawlArgs([url, '--parse-workers', '0']).parseWorkers).toBe(0);
    expect(parseCrawlArgs([url, '--parse-workers', '3']).parseWorkers).toBe(3);
    expect(parseCrawlArgs([url]).parseWorkers).toBeUndefined();
  });

  it("reads the growth bounds, --max-storage-mb in MB, and names the crawler's defaults", () => {
    const { options } = parseCrawlArgs([
      url,
      '--max-storage-mb',
      '4096',
      '--max-frontier-urls',
      '5000000',
    ]);
    expect(options).toMatchObject({ maxStoredBytes: 4096 * 1024 ** 2, maxFrontierUrls: 5_000_000 });
    const mb = (DEFAULT_CRAWL_OPTIONS.maxStoredBytes / 1024 ** 2).toLocaleString('en-US');
    expect(crawlHelp).toContain(`megabytes (default ${mb})`);
    const urls = DEFAULT_CRAWL_OPTIONS.maxFrontierUrls.toLocaleString('en-US');
    expect(crawlHelp).toContain(`(default ${urls})`);
    expect(usageError(url, '--max-storage-mb', '1.5')).toBe(
      '--max-storage-mb must be a whole number of at least 1, not "1.5"',
    );
    expect(usageError(url, '--max-frontier-urls', '0')).toBe(
      '--max-frontier-urls must be a whole number of at least 1, not "0"',
    );
  });

  it('reads --time-limit as seconds or with a unit', () => {
    const limit = (t: string) => parseCrawlArgs([url, '--time-limit', t]).options.timeLimitMs;
    expect([limit('90'), limit('90s'), limit('1.5m'), limit('2h'), limit('500ms')]).toEqual([
      90_000, 90_000, 90_000, 7_200_000, 500,
    ]);
  });

  it('accepts every option of mapsmith export (but its --out) with --out-dir', () => {
    const shared = Object.keys(exportOptions).filter((name) => name !== 'out' && name !== 'json');
    expect(shared.sort()).toEqual(
      ['base-url', 'changefreq', 'formats', 'gzip', 'priority', 'rss-limit'].sort(),
    );
    const { exportTo } = parseCrawlArgs([
      url,
      '--out-dir',
      'site',
      '--formats',
      'xml,html,rss,html',
      '--gzip',
      '--base-url',
      'https://cdn.example.com/maps',
      '--changefreq',
      'weekly',
      '--priority',
      'depth',
      '--rss-limit',
      '20',
    ]);
    expect(exportTo).toEqual({
      outDir: 'site',
      formats: ['xml', 'html', 'rss'],
      options: {
        gzip: true,
        baseUrl: 'https://cdn.example.com/maps/',
        changefreq: 'weekly',
        priority: 'depth',
        rssLimit: 20,
      },
    });
    for (const name of shared) expect(crawlHelp).toContain(`--${name}`);
  });

  it('refuses bad options in plain words', () => {
    expect(usageError()).toBe('give exactly one start URL');
    expect(usageError(url, 'https://b.example/')).toBe('give exactly one start URL');
    expect(usageError(url, '--formt', 'xml')).toBe(
      'unknown option --formt; did you mean --formats?',
    );
    expect(usageError(url, '--max-page', '5')).toBe(
      'unknown option --max-page; did you mean --max-pages?',
    );
    expect(usageError(url, '--gzip')).toBe('--gzip needs --out-dir DIR');
    expect(usageError(url, '--formats', 'xml')).toBe('--formats needs --out-dir DIR');
    expect(usageError(url, '--scope', 'site')).toBe(
      '--scope must be host, domain or origin, not "site"',
    );
    expect(usageError(url, '--max-pages', '0')).toBe(
      '--max-pages must be a whole number of at least 1, not "0"',
    );
    expect(usageError(url, '--delay', '-5')).toBe(
      '--delay must be a whole number of at least 0, not "-5"',
    );
    expect(usageError(url, '--time-limit', 'soon')).toContain('--time-limit must be seconds');
    expect(usageError(url, '--parse-workers', '-1')).toBe(
      '--parse-workers must be a whole number of at least 0, not "-1"',
    );
    expect(usageError(url, '--parse-workers', '65')).toBe(
      '--parse-workers must be at most 64, not "65"',
    );
    expect(usageError(url, '--user-agent-suffix', 'a\r\nX-Evil: 1')).toBe(
      '--user-agent-suffix must be 1-200 printable ASCII characters',
    );
    expect(usageError(url, '--out-dir', 'd', '--formats', 'pdf')).toContain('unknown format "pdf"');
    expect(usageError(url, '--out-dir', 'd', '--changefreq', 'often')).toContain(
      '--changefreq must be always, hourly',
    );
    expect(usageError(url, '--out-dir', 'd', '--rss-limit', '0')).toContain('--rss-limit must be');
    expect(usageError(url, '--out-dir', 'd', '--base-url', 'cdn/x')).toBe(
      '--base-url must be an absolute http(s) URL',
    );
  });
});
