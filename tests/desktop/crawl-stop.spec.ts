// Issue 30 on the desktop: the crawl page's Pause, Resume and Stop go through the real preload
// to the IPC handlers, and the crawler process running the job reads them from the data file.
// Screenshots of the paused and stopped panels at 1280 and 390 px go to the test's output folder.
import { startFixtureSite } from '../fixtures/site/index';
import { expect, test } from './support/renderer-fixture';

test('pause, resume and stop a local crawl from its page', async ({ page, desktop }, testInfo) => {
  test.setTimeout(90_000);
  // Too large and slow to finish during the test: only Stop ends it.
  const slow = await startFixtureSite({ pages: 3000, latencyMs: 150 });
  try {
    await page.goto('/');
    const reply = (await page.evaluate(
      (url) => window.mapsmith.invoke('crawl.start', { url }),
      slow.url,
    )) as { ok: boolean; value: { jobId: string } };
    expect(reply.ok).toBe(true);
    await page.goto(`/crawls/${reply.value.jobId}`);
    const panel = page.getByTestId('crawl-progress');
    const title = panel.getByTestId('progress-title');
    await expect(title).toHaveText('Crawling your site...', { timeout: 20_000 });

    await panel.getByRole('button', { name: 'Pause' }).click();
    await expect(title).toHaveText('Paused', { timeout: 15_000 });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.screenshot({ path: testInfo.outputPath(`desktop-paused-${width}.png`) });
    }
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(title).toHaveText('Crawling your site...', { timeout: 15_000 });

    page.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Stop' }).click();
    const end = page.getByTestId('crawl-end');
    await expect(end).toHaveText(/^Stopped by you after [\d,]+ pages/, { timeout: 20_000 });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByTestId('crawl-results')
        .screenshot({ path: testInfo.outputPath(`desktop-stopped-${width}.png`) });
    }
  } finally {
    await desktop.services.deps.crawls.stopAll();
    await slow.close();
  }
});
