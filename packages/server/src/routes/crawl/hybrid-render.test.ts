import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderSite, startRenderSite } from '../../../../../tests/fixtures/render-site.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
} from '../../repos/test-support.js';

// The end-to-end check: a hosted crawl (MAPSMITH_RENDER=auto, real Chromium) of a site
// whose hybrid pages add links from scripts lists those links in the XML sitemap it serves.
describe('a hosted crawl of hybrid pages', () => {
  let t: TestServer;
  let site: RenderSite;
  beforeAll(async () => {
    [t, site] = await Promise.all([
      startTestServer({ MAPSMITH_RENDER: 'auto' }),
      startRenderSite({ docs: 5, blogs: 4 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), site.close()]);
  });

  it("puts the links the hybrid pages' scripts add into the sitemap", async () => {
    const u = await createTestUser(t.server.context.db);
    const res = await call(t.server.url, u, 'POST', '/api/crawl', { url: `${site.origin}/` });
    expect(res.status).toBe(201);
    const { jobId } = await res.json();
    let job = { status: '', notes: [] as string[] | undefined };
    const end = Date.now() + 50_000;
    while (Date.now() < end) {
      job = await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json();
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.status).toBe('completed');
    // The job says what was rendered and what was not, per template.
    expect(job.notes).toEqual([
      'Template /docs/*: 3 sample pages showed app signals and links added by scripts, so 2 more pages were rendered.',
      'Template /blog/*: 3 sample pages showed app signals but rendering found no links added by scripts; 1 more page with the signals was not rendered.',
    ]);
    const xml = await (await call(t.server.url, u, 'GET', `/api/generate/${jobId}/xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(site.expectedListed);
    for (let i = 1; i <= 5; i++) expect(locs).toContain(`${site.origin}/docs/${i}/more`);
  }, 60_000);
});
