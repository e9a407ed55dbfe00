import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from '../support/hydrated';

/** What every screen shares: the toast, the navigation bar and the document head. */
export class AppPage {
  constructor(readonly page: Page) {}

  /**
   * Waits until React has hydrated the page (`<html data-hydrated>`, app/mount.tsx): text typed
   * into a prerendered field before that may be reset by hydration.
   */
  async hydrated(): Promise<void> {
    await hydrated(this.page);
  }

  /** The single visible toast. */
  get toast(): Locator {
    return this.page.getByTestId('toast');
  }

  /** Asserts the visible toast's title and, if given, its text. */
  async expectToast(title: string, text?: string | RegExp): Promise<void> {
    await expect(this.toast.locator('.toast-title')).toHaveText(title);
    if (text !== undefined) await expect(this.toast.locator('.toast-text')).toHaveText(text);
  }

  /** The main navigation bar. */
  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** Content of a `<meta name|property=key>` tag. */
  async meta(key: string): Promise<string | null> {
    return this.page
      .locator(`meta[name="${key}"], meta[property="${key}"]`)
      .first()
      .getAttribute('content');
  }

  /** The canonical link's href. */
  async canonical(): Promise<string | null> {
    return this.page.locator('link[rel="canonical"]').getAttribute('href');
  }
}
