import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Screenshots at the two widths every touched screen is looked at (1280 and 390 px), of the
 * screenful around `focus` (a full page of the home page is too long to read).
 */
export async function shoot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  focus: Locator,
): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await focus.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
