// Issue 25 points 1, 2 and 10 (walkthrough defects 2, 4, 48): a client-side redirect's detail
// names its target and how it was found, a page reached only through a redirect has the hop
// as its inlink, and a chain shows every hop to the final answer. At 1280 and 390 px.
import { startFixtureSite } from '../fixtures/site/index';
import { allRows, parseCsv, startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

test('a client-side redirect and a redirect chain in detail, and the page only a redirect reaches', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({ pages: 3, features: ['client-redirects'] });
  const at = (path: string) => `${site.origin}${path}`;
  try {
    await signInFreshUser(page, 'clientredir');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    const rows = await allRows(page.request, jobId);
    const row = (path: string) => rows.find((r) => r.url === at(path));
    expect(row('/cr/refresh')?.verdict).toBe(
      'client-side redirect (meta refresh) → /cr/refresh-target',
    );
    expect(row('/cr/script')?.verdict).toBe('script redirect → /cr/script-target');
    expect(row('/cr/only-via-redirect')?.inlinks).toBe(1);
    // The CSV and JSON Lines reports say the same.
    const report = async (format: string) =>
      (await page.request.get(`/api/crawl/${jobId}/report?format=${format}`)).text();
    const [header, ...records] = parseCsv((await report('csv')).slice(1));
    const csvRow = records.find((r) => r[0] === at('/cr/refresh')) ?? [];
    expect(csvRow[header?.indexOf('Verdict') ?? -1]).toBe(row('/cr/refresh')?.verdict);
    const lines = (await report('jsonl'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { url: string; verdict: string; inlinks: number });
    expect(lines.find((l) => l.url === at('/cr/script'))?.verdict).toBe(
      'script redirect → /cr/script-target',
    );
    expect(lines.find((l) => l.url === at('/cr/only-via-redirect'))?.inlinks).toBe(1);

    const detail = page.getByTestId('url-detail');
    const open = async (path: string) => {
      await page.goto(`/crawls/${jobId}?url=${encodeURIComponent(at(path))}`);
      await expect(detail).toBeVisible();
    };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await open('/cr/refresh');
      await expect(detail).toContainText(
        'Not in the sitemap (client-side redirect (meta refresh) → /cr/refresh-target)',
      );
      await expect(detail.getByTestId('detail-why')).toHaveText(
        'Not listed: it answered 200 but is a client-side redirect (meta refresh) to /cr/refresh-target, found by a <meta http-equiv="refresh"> tag with no delay in its HTML. A sitemap lists the target, never the redirecting URL.',
      );
      const chain = detail.locator('h3:has-text("Redirect chain") + ul li');
      await expect(chain).toHaveText([
        `200 ${at('/cr/refresh')} (meta refresh)`,
        `→ ${at('/cr/refresh-target')}`,
      ]);
      await chain.last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`client-redirect-${width}.png`) });

      await open('/cr/hop/1');
      await expect(detail).toContainText('Not in the sitemap (301 → /cr/chain-target)');
      await expect(chain).toHaveText([
        `301 ${at('/cr/hop/1')}`,
        `302 ${at('/cr/hop/2')}`,
        `308 ${at('/cr/hop/3')}`,
        `200 ${at('/cr/chain-target')} (final answer)`,
      ]);
      await chain.last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`redirect-chain-${width}.png`) });

      await open('/cr/only-via-redirect');
      await expect(detail.locator('dt:has-text("Inlinks") + dd')).toHaveText('1');
      await expect(detail.locator('h3:has-text("First pages that link here") + ul li')).toHaveText([
        at('/cr/moved'),
      ]);
    }
  } finally {
    await site.close();
  }
});
