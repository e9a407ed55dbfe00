import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage, UNIFORM_LASTMOD_NOTE } from '@mapsmith/core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { callCommand, repoRoot, runCli } from './cli-test-support.js';
import { runExport } from './export.js';

const checkScript = path.join(repoRoot, 'scripts/check-sitemap.sh');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-cli-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (...args: string[]) => runCli(args);
/** Runs `mapsmith export` in this process (argument handling, files, messages, exit code). */
const call = (...args: string[]) => callCommand(runExport, args);

const crawl = [
  makePage('https://a.example/', {
    title: 'Home',
    images: [{ src: 'https://a.example/i.png', alt: 'i' }],
  }),
  makePage('https://a.example/b?x=1&y=2', { title: 'B & co' }),
  makePage('https://a.example/old', {
    status: 301,
    verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /' },
  }),
];
const crawlFile = path.join(tmp, 'crawl.jsonl');
writeFileSync(
  crawlFile,
  `${crawl.map((p) => JSON.stringify(p)).join('\n')}\n\n${JSON.stringify({ startUrl: 'https://a.example/', pagesCrawled: 3 })}\n`,
);

describe('mapsmith export', () => {
  it('writes every format from a crawl file; xml-family files pass check-sitemap.sh', async () => {
    const out = path.join(tmp, 'all');
    const result = await run(
      'export',
      crawlFile,
      '--formats',
      'xml,html,rss,json,txt,xml-images,images,videos',
      '--out',
      out,
      '--gzip',
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('xml: sitemap.xml.gz, 2 URLs');
    // No page has a video: no (schema-invalid) empty file, and the reason instead.
    expect(result.stdout).toContain('videos: no file written. This crawl found no videos');
    expect(readdirSync(out).sort()).toEqual([
      'sitemap-images.xml.gz',
      'sitemap-xml-images.xml.gz',
      'sitemap.html',
      'sitemap.json',
      'sitemap.rss',
      'sitemap.txt',
      'sitemap.xml.gz',
    ]);
    expect(readFileSync(path.join(out, 'sitemap.txt'), 'utf8')).toBe(
      'https://a.example/\nhttps://a.example/b?x=1&y=2\n',
    );
    const xmlFamily = ['sitemap.xml.gz', 'sitemap-xml-images.xml.gz', 'sitemap-images.xml.gz'];
    const check = spawnSync('bash', [checkScript, ...xmlFamily.map((f) => path.join(out, f))], {
      encoding: 'utf8',
    });
    expect(check.stdout).not.toContain('FAIL');
    expect(check.status).toBe(0);
  });

  it('prints JSON with --json and honours xml options', async () => {
    const out = path.join(tmp, 'json');
    const result = await run(
      'export',
      crawlFile,
      '--out',
      out,
      '--json',
      '--changefreq',
      'daily',
      '--priority',
      '0.5',
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject([
      { format: 'xml', entryFile: 'sitemap.xml', urls: 2, split: false },
    ]);
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain(
      '<changefreq>daily</changefreq><priority>0.5</priority>',
    );
  });

  it('refuses bad options with exit 1', async () => {
    const [unknown, noOut, priority] = await Promise.all([
      call(crawlFile, '--out', tmp, '--formats', 'xml,pdf'),
      call(crawlFile),
      call(crawlFile, '--out', tmp, '--priority', '2'),
    ]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown format "pdf"');
    expect(noOut.status).toBe(1);
    expect(noOut.stderr).toContain('--out DIR is required');
    expect(priority.status).toBe(1);
    expect(priority.stderr).toContain('--priority must be');
  });

  it('leaves a deploy date out of every format and says why (issue 25 point 6)', async () => {
    const deployed = path.join(tmp, 'deployed.jsonl');
    const pages = ['/', '/a', '/b'].map((p) =>
      makePage(`https://a.example${p}`, { lastModified: '2026-11-26T09:22:43.000Z' }),
    );
    writeFileSync(deployed, `${pages.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const out = path.join(tmp, 'deployed');
    const result = await call(deployed, '--formats', 'xml,rss,json', '--out', out);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(UNIFORM_LASTMOD_NOTE);
    for (const file of ['sitemap.xml', 'sitemap.rss', 'sitemap.json'])
      expect(readFileSync(path.join(out, file), 'utf8'), file).not.toMatch(/2026-11-26|26 Nov/);
    const varied = await call(crawlFile, '--formats', 'xml', '--out', path.join(tmp, 'varied'));
    expect(varied.stdout).not.toContain(UNIFORM_LASTMOD_NOTE);
  });

  it('names the bad line of a broken crawl file (exit 1) and a missing file (exit 2)', async () => {
    const bad = path.join(tmp, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify(crawl[0])}\n{"url": 42}\n`);
    const [broken, missing] = await Promise.all([
      call(bad, '--out', path.join(tmp, 'bad')),
      call(path.join(tmp, 'nope.jsonl'), '--out', tmp),
    ]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('bad crawl file, line 2: not a crawl record');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read or write');
  });
});

describe('mapsmith crawl --formats --out-dir', () => {
  it('crawls, then writes the sitemaps of the included pages', async () => {
    const site = await startFixtureSite({ pages: 15, features: ['redirects', 'noindex'] });
    try {
      const out = path.join(tmp, 'crawl-out');
      const result = await run(
        'crawl',
        site.url,
        '--allow-loopback',
        '--render',
        'never',
        '--formats',
        'xml,txt,images',
        '--out-dir',
        out,
      );
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(
        `xml: sitemap.xml, ${site.expectedStaticSitemapUrls.length} URLs`,
      );
      expect(readdirSync(out).sort()).toEqual(['sitemap-images.xml', 'sitemap.txt', 'sitemap.xml']);
      const listed = readFileSync(path.join(out, 'sitemap.txt'), 'utf8').trim().split('\n').sort();
      expect(listed).toEqual(site.expectedStaticSitemapUrls);
      const check = spawnSync('bash', [checkScript, path.join(out, 'sitemap.xml')], {
        encoding: 'utf8',
      });
      expect(check.status).toBe(0);
      const refused = await call(crawlFile, '--out', out, '--formats', 'nope');
      expect(refused.status).toBe(1);
    } finally {
      await site.close();
    }
  });
});
