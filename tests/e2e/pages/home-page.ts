import { expect, type Locator } from '@playwright/test';
import { AppPage } from './app-page';

/** The home page: hero form, crawl panel and checker section. */
export class HomePage extends AppPage {
  async goto(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await this.hydrated();
  }

  get urlInput(): Locator {
    return this.page.getByLabel('Website URL');
  }

  get generateButton(): Locator {
    return this.page.getByRole('button', { name: 'Generate Now' });
  }

  /** Types a URL (possibly empty) and presses Generate Now. */
  async generate(url: string): Promise<void> {
    await this.urlInput.fill(url);
    await this.generateButton.click();
  }

  /** Crawls `url` from the home page at `width` px and waits for its results. */
  async crawlAt(width: number, url: string): Promise<void> {
    await this.page.setViewportSize({ width, height: 900 });
    await this.goto();
    await this.generate(url);
    await expect(this.results).toBeVisible({ timeout: 45_000 });
  }

  get progress(): Locator {
    return this.page.getByTestId('crawl-progress');
  }

  get results(): Locator {
    return this.page.getByTestId('crawl-results');
  }

  get seoCard(): Locator {
    return this.page.getByTestId('seo-card');
  }

  /** The download button of one export format. */
  downloadButton(format: string): Locator {
    return this.results.locator(`button[data-format="${format}"]`);
  }

  get gzipCheckbox(): Locator {
    return this.page.getByLabel(/Compress with gzip/);
  }

  get pingButton(): Locator {
    return this.page.getByRole('button', { name: 'Notify Search Engines' });
  }

  get checkerFile(): Locator {
    return this.page.getByTestId('checker-file');
  }

  get sitemapUrlInput(): Locator {
    return this.page.getByLabel('Sitemap URL');
  }

  get validateButton(): Locator {
    return this.page.getByRole('button', { name: 'Validate Sitemap' });
  }

  get checkerResults(): Locator {
    return this.page.getByTestId('checker-results');
  }

  /** Uploads a file to the checker by its hidden file input (what click-to-browse opens). */
  async uploadSitemap(name: string, content: string, mimeType = 'text/xml'): Promise<void> {
    await this.checkerFile.setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  }
}
