// A rendered staging crawl (issue 29) in real Chromium: the page's own-site requests carry the
// crawl's credentials (its script's call to the site answers, and the link it adds is found),
// while third-party requests (a script, an XHR, a redirect of an own-site request to another
// host) reach the canary host with none.
import { createUrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../tests/fixtures/site/crawl-helper.js';
import {
  type CanaryHost,
  type StagingSite,
  startCanary,
  startStagingSite,
} from '../../../tests/fixtures/staging/index.js';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

describe('a rendered staging crawl with a canary host', () => {
  let canary: CanaryHost;
  let renderer: ChromiumRenderer;
  const sites: StagingSite[] = [];
  beforeAll(async () => {
    canary = await startCanary();
    renderer = createChromiumRenderer({ policy: createUrlPolicy({ allowLoopback: true }) });
  });
  afterAll(async () => {
    await renderer.close();
    await Promise.all(sites.map((s) => s.close()));
    await canary.close();
  });

  for (const guard of ['basic', 'cookie'] as const)
    it(`${guard}: own-site requests carry them, third-party requests none`, async () => {
      const site = await startStagingSite({ guard, canary: canary.origin });
      sites.push(site);
      const before = canary.requests().length;
      const crawl = await crawlFixture(
        site.url,
        { render: 'always', siteAuth: site.siteAuth, concurrency: 2 },
        { renderer },
      );
      expect(crawl.summary.endedBy).toBe('finished');
      expect(crawl.summary.renderedPages).toBeGreaterThan(0);
      // The script's own-site call answered: its link was found.
      expect(crawl.listed).toEqual([...site.expectedListed, `${site.origin}/from-script`].sort());
      expect(site.served()).toEqual(expect.arrayContaining(['/api/links.json', '/bounce']));
      expect(site.refused()).toEqual([]);
      const asked = canary
        .requests()
        .slice(before)
        .map((r) => r.what);
      expect(asked).toEqual(
        expect.arrayContaining(['GET /lib.js', 'GET /api/track.json', 'GET /api/bounced.json']),
      );
      expect(canary.leaks()).toEqual([]);
    });

  it('a render without credentials in the same tabs sends none to the site', async () => {
    const site = await startStagingSite({ guard: 'basic', canary: canary.origin });
    sites.push(site);
    // A tab that served a crawl with credentials serves this one: nothing of them is left.
    const crawl = await crawlFixture(site.url, { render: 'always' }, { renderer });
    expect(crawl.summary.error).toMatch(/^The site asks for credentials/);
    expect(site.served()).toEqual([]);
    expect(canary.leaks()).toEqual([]);
  });
});
