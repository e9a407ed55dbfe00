// Local crawls run three at once (`LocalCrawls`); a fourth waits its turn, and its page says so
// rather than claiming to crawl. Screenshots of both pages at 1280 and 390 px go to the test's
// output folder.
import { startFixtureSite } from '../fixtures/site/index';
import { expect, test } from './support/renderer-fixture';

for (const width of [1280, 390]) {
  test(`a crawl beyond the three running says it waits its turn (${width} px)`, async ({
    page,
    desktop,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const slow = await startFixtureSite({ pages: 40, latencyMs: 400 });
    try {
      await page.goto('/');
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const reply = (await page.evaluate(
          (url) => window.mapsmith.invoke('crawl.start', { url }),
          slow.url,
        )) as { ok: boolean; value: { jobId: string } };
        expect(reply.ok).toBe(true);
        ids.push(reply.value.jobId);
      }
      const panel = page.getByTestId('crawl-progress');
      await page.goto(`/crawls/${ids[3]}`);
      await expect(panel.getByRole('heading')).toHaveText('Waiting to start...');
      await expect(panel).toContainText(
        'Queued behind crawls already running; it starts as soon as one of them finishes.',
      );
      await page.screenshot({ path: testInfo.outputPath(`waiting-${width}.png`), fullPage: true });
      await page.goto(`/crawls/${ids[0]}`);
      await expect(panel.getByRole('heading')).toHaveText('Crawling your site...');
      await page.screenshot({ path: testInfo.outputPath(`crawling-${width}.png`), fullPage: true });
    } finally {
      await desktop.services.deps.crawls.stopAll();
      await slow.close();
    }
  });
}
