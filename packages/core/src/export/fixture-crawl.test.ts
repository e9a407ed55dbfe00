import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlVariedSite } from '../../../../tests/fixtures/site/crawl-helper.js';
import type { FixtureSite } from '../../../../tests/fixtures/site/index.js';
import { checkSitemap } from '../checker/sitemap-checker.js';
import { GZIP_FORMATS } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { countsAsPage } from '../limits/page-count.js';
import { analyzeSeo } from '../seo/analyze.js';
import { renderExport } from './render.js';
import { writeExport } from './write-files.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const checkScript = path.join(repoRoot, 'scripts/check-sitemap.sh');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-fixture-export-'));

let site: FixtureSite;
/** The crawl result as the store holds it at the end (with inlinks and linkedFrom). */
let pages: PageRecord[] = [];
beforeAll(async () => {
  ({ site, pages } = await crawlVariedSite());
});
afterAll(async () => {
  await site.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('exports of a real crawl', () => {
  it('xml lists exactly the URLs the crawl included', () => {
    const xml = renderExport('xml', pages);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]?.replace(/&amp;/g, '&'));
    expect(locs.sort()).toEqual(site.expectedStaticSitemapUrls);
    expect(checkSitemap(xml, { sitemapUrl: site.url }).errors).toEqual([]);
  });

  it('every xml-family format passes check-sitemap.sh, split and gzipped', async () => {
    const files: string[] = [];
    for (const format of GZIP_FORMATS) {
      const outDir = path.join(tmp, format);
      const result = await writeExport({
        format,
        pages,
        outDir,
        gzip: true,
        maxUrlsPerFile: 10,
      });
      files.push(...result.files.map((f) => path.join(outDir, f)));
    }
    const out = spawnSync('bash', [checkScript, ...files], { encoding: 'utf8' });
    expect(out.stdout).not.toContain('FAIL');
    expect(out.status).toBe(0);
  });

  it('the SEO analysis sees the broken links and redirects of the site', () => {
    const analysis = analyzeSeo(pages);
    // Pages are the 2xx HTML answers; the site's redirects and errors are not pages.
    expect(analysis.stats.totalPages).toBe(pages.filter(countsAsPage).length);
    expect(analysis.stats.totalPages).toBeLessThan(pages.length);
    expect(analysis.stats.brokenLinks).toBeGreaterThan(0);
    const rules = analysis.issues.map((i) => i.rule);
    expect(rules).toContain('broken-links');
    expect(rules).toContain('links-to-redirects');
    expect(analysis.score).toBeGreaterThanOrEqual(0);
    expect(analysis.score).toBeLessThan(100);
  });
});
