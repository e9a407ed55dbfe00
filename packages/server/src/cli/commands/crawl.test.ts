import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRecord } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { runCli } from './cli-test-support.js';

/** Runs `mapsmith crawl` from source, with loopback not allowed by the environment. */
async function cli(...args: string[]) {
  const {
    status: code,
    stdout,
    stderr,
  } = await runCli(['crawl', ...args], {
    MAPSMITH_ALLOW_LOOPBACK: '',
  });
  return { code, stdout, stderr };
}

describe('mapsmith crawl', () => {
  let site: FixtureSite;
  let dir: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 20, features: ['redirects', 'noindex'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-cli-'));
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints the summary as JSON and writes one JSON object per URL', async () => {
    const out = path.join(dir, 'crawl.jsonl');
    const result = await cli(
      site.url,
      '--allow-loopback',
      '--render',
      'never',
      '--max-pages',
      '500',
      '--out',
      out,
      '--json',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(Object.keys(summary)).toEqual([
      'startUrl',
      'pagesCrawled',
      'included',
      'excluded',
      'renderedPages',
      'endedBy',
      'durationMs',
      'pruned',
    ]);
    expect(summary).toMatchObject({
      startUrl: site.url,
      included: site.expectedSitemapUrls.length,
      endedBy: 'finished',
      renderedPages: 0,
    });
    expect(summary.excluded).toMatchObject({ noindex: 3, redirect: 9 });
    const records = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PageRecord);
    expect(records).toHaveLength(summary.pagesCrawled);
    const listed = records
      .filter((r) => r.verdict.included)
      .map((r) => r.url)
      .sort();
    expect(listed).toEqual(site.expectedSitemapUrls);
    const home = records.find((r) => r.url === site.url);
    expect(home).toMatchObject({ status: 200, depth: 0, title: 'Page 0 | Fixture' });
    expect(records.find((r) => r.url === `${site.origin}/p/1`)?.inlinks).toBeGreaterThan(0);
  }, 30_000);

  it('stops at --max-pages and --max-depth', async () => {
    const result = await cli(
      site.url,
      '--allow-loopback',
      '--render',
      'never',
      '--max-pages',
      '5',
      '--json',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ pagesCrawled: 5, endedBy: 'page-limit' });
    expect(result.code).toBe(0);
    const human = await cli(site.url, '--allow-loopback', '--render', 'never', '--max-pages', '5');
    expect(human.stdout).toMatch(
      /Stopped at the page cap \(--max-pages\); \d+ more URLs were waiting\./,
    );
  }, 30_000);

  it('writes every export format with the export options, and its summary counts what each file holds', async () => {
    const out = path.join(dir, 'files');
    const result = await cli(
      site.url,
      '--allow-loopback',
      '--render',
      'never',
      '--max-pages',
      '500',
      '--out-dir',
      out,
      '--formats',
      'xml,html,rss,json,txt',
      '--changefreq',
      'weekly',
      '--priority',
      'depth',
      '--base-url',
      'https://cdn.example.com/maps',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const listed = site.expectedStaticSitemapUrls.length;
    const read = (name: string) => fs.readFileSync(path.join(out, name), 'utf8');
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    const xml = read('sitemap.xml');
    const held = {
      xml: count(xml, /<url>/g),
      html: count(read('sitemap.html'), /<li>/g),
      rss: count(read('sitemap.rss'), /<item>/g),
      json: (JSON.parse(read('sitemap.json')) as { urls: unknown[] }).urls.length,
      txt: read('sitemap.txt').trim().split('\n').length,
    };
    expect(Object.values(held)).toEqual([listed, listed, listed, listed, listed]);
    for (const [format, n] of Object.entries(held))
      expect(result.stdout).toContain(`${format}: sitemap.${format}, ${n} URLs`);
    expect(result.stdout).toContain(`Listed in the sitemap: ${listed}.`);
    expect(count(xml, /<changefreq>weekly<\/changefreq>/g)).toBe(listed);
    expect(xml).toContain('<priority>1.0</priority>');
  }, 60_000);

  it('counts an --rss-limit feed by the items it keeps, and gzips the xml', async () => {
    const out = path.join(dir, 'limited');
    const result = await cli(
      site.url,
      '--allow-loopback',
      '--render',
      'never',
      '--out-dir',
      out,
      '--formats',
      'rss,xml',
      '--rss-limit',
      '3',
      '--gzip',
    );
    expect(result.code).toBe(0);
    const rss = fs.readFileSync(path.join(out, 'sitemap.rss'), 'utf8');
    expect(rss.match(/<item>/g)).toHaveLength(3);
    expect(result.stdout).toContain('rss: sitemap.rss, 3 URLs');
    expect(result.stdout).toMatch(/xml: sitemap\.xml\.gz, \d+ URLs/);
  }, 60_000);

  it('passes the crawl options to the crawler: patterns, user-agent suffix, sitemaps, query URLs', async () => {
    const out = path.join(dir, 'filtered.jsonl');
    const before = site.totalRequests();
    const result = await cli(
      site.url,
      '--allow-loopback',
      '--render',
      'never',
      '--exclude',
      '/p/1*',
      '--exclude=/noindex/*',
      '--user-agent-suffix',
      'contact: ci@example.com',
      '--no-sitemaps',
      '--delay',
      '1',
      '--time-limit',
      '5m',
      '--out',
      out,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const urls = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => new URL((JSON.parse(line) as PageRecord).url).pathname);
    expect(urls).toContain('/p/2');
    expect(urls.filter((u) => u.startsWith('/p/1') || u.startsWith('/noindex/'))).toEqual([]);
    const mine = site.requests().slice(-(site.totalRequests() - before));
    expect(mine.length).toBeGreaterThan(0);
    for (const request of mine)
      expect(request.userAgent).toMatch(/^MapsmithBot\/\S+ \(\+\S+\) contact: ci@example\.com$/);
    expect(mine.map((r) => r.url)).not.toContain('/sitemap.xml');
  }, 60_000);

  it('refuses loopback without --allow-loopback, with a clear message', async () => {
    const result = await cli(site.url, '--render', 'never');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refused address 127.0.0.1: loopback');
  }, 30_000);

  it('explains a bad URL, an unreachable site and bad options', async () => {
    const bad = await cli('not-a-url');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('not an absolute http(s) URL');
    const down = await cli('http://127.0.0.1:9/', '--allow-loopback', '--render', 'never');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('We could not reach');
    const opts = await cli(site.url, '--render', 'sometimes');
    expect(opts.code).toBe(2);
    expect(opts.stderr).toContain('--render must be auto, never or always');
  }, 30_000);
});
