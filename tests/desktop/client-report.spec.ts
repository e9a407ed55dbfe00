// Issue 29 point 3 on the desktop: the crawl page's "Share with a client" panel offers only the
// report's PDF (printed by the machine's Chromium over IPC, saved through the download path) and
// says share links are made on the hosted app. Without a browser it says so plainly.
// Screenshots of the panel at 1280 and 390 px go to the test's output folder.
import fs from 'node:fs';
import { makePage } from '@mapsmith/core';
import type { Page } from '@playwright/test';
import { expect, test } from './support/renderer-fixture';
import { seedLocalJob } from './support/seed';

const pages = () => [
  makePage('https://client.example/', { title: 'Client home' }),
  makePage('https://client.example/about', { title: 'About the client' }),
  makePage('https://client.example/blog/one', { title: null }),
];

/** A completed local crawl's page, and its Share panel. */
async function openSharePanel(page: Page, desktop: Parameters<typeof seedLocalJob>[0]) {
  const jobId = await seedLocalJob(desktop, pages());
  await page.goto(`/crawls/${jobId}`);
  return page.getByTestId('share-panel');
}

test('the desktop downloads the client report as a PDF; share links are hosted', async ({
  page,
  desktop,
}, testInfo) => {
  const panel = await openSharePanel(page, desktop.services);
  await expect(panel.getByRole('heading', { name: 'Share with a client' })).toBeVisible();
  await expect(panel.getByTestId('share-hosted-note')).toHaveText(
    /^Share links to a read-only page of a report are made on the hosted Mapsmith app/,
  );
  await expect(panel.getByRole('button', { name: 'Create share link' })).toHaveCount(0);
  await expect(panel.getByLabel('Link expires')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: testInfo.outputPath(`desktop-share-panel-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('report-client.example.pdf');
  const pdf = fs.readFileSync((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test.describe('without a browser', () => {
  test.use({
    desktopOptions: {
      storageBackend: 'gnome_libsecret',
      env: { MAPSMITH_CHROME_PATH: '/nowhere/chrome' },
    },
  });

  test('the PDF button says plainly that no browser was found', async ({
    page,
    desktop,
  }, testInfo) => {
    const panel = await openSharePanel(page, desktop.services);
    await panel.getByRole('button', { name: 'Download PDF' }).click();
    await expect(page.getByText(/none was found on this computer/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('desktop-pdf-no-browser-1280.png') });
  });
});
