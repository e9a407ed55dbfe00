import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (`<html data-hydrated>`, web/src/app/mount.tsx). A
 * prerendered page is plain HTML until then: a key pressed or a button clicked before it does
 * nothing, and text typed into a field may be reset by hydration.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
