import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { AuditResult } from '../contract/audit-schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { renderExport } from '../export/render.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { systemClock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { createMemoryStore } from '../store/memory-store.js';
import { createMemoryAuditStore } from './memory-store.js';
import { runAudit } from './run-audit.js';
import { auditVerdictText } from './verdicts.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({ pages: 4, features: ['documents'] });
});
afterAll(() => site.close());

describe("auditing Mapsmith's own sitemap", () => {
  it('finds nothing to complain about in what the generator listed, a PDF included', async () => {
    const store = createMemoryStore();
    await crawlFixture(site.url, { render: 'never' }, { store });
    const pages: PageRecord[] = [];
    for await (const page of store.pages()) pages.push(page);
    const xml = renderExport('xml', pages);
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(listed).toContain(`${site.origin}/docs/guide.pdf`);

    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy });
    const audit = createMemoryAuditStore(listed.map((url) => ({ url })));
    try {
      // Slow is far off: the point is the verdict of the content type, not the machine's load.
      await runAudit({ fetcher, policy, clock: systemClock, logger: silentLogger }, audit, {
        slowMs: 60_000,
      });
    } finally {
      await fetcher.close();
    }
    const results = [...audit.results.values()].sort((a, b) => a.url.localeCompare(b.url));
    expect(results.map((r) => [r.url, r.verdict])).toEqual(
      [...listed].sort().map((url) => [url, 'fine']),
    );
    const pdf = results.find((r) => r.url.endsWith('/docs/guide.pdf')) as AuditResult;
    expect(auditVerdictText(pdf)).toBe('fine (PDF)');
  });
});
