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
  }, 30_000);

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
