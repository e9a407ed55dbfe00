/**
 * Prints a self-contained HTML document to PDF in the same locked-down Chromium the renderer
 * uses (`launchBrowser`: fresh profile, downloads denied, popups closed) with JavaScript off.
 * Every request the document could still make goes through the filtering proxy, so the one URL
 * policy decides it. The whole print is bounded in time: past `timeoutMs` the browser is killed
 * and the call fails.
 */
import fs from 'node:fs/promises';
import { type Logger, PdfTimeoutError, type UrlPolicy } from '@mapsmith/core';
import type { Browser } from 'puppeteer-core';
import { type LaunchedBrowser, launchBrowser } from './browser-launch.js';
import { startFilteringProxy } from './filtering-proxy.js';

/** What to print with. */
export interface PrintPdfOptions {
  policy: UrlPolicy;
  logger: Logger;
  /** The Chromium binary (default `CHROMIUM_PATH` or /usr/bin/chromium). */
  executablePath?: string;
  /** The longest the whole print may take, launch included (default 30 s). */
  timeoutMs?: number;
}

export { PdfTimeoutError };

async function print(browser: Browser, html: string, timeout: number): Promise<Uint8Array> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setContent(html, { waitUntil: 'load', timeout });
  await page.emulateMediaType('print');
  return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout });
}

async function closeLaunched(launched: LaunchedBrowser): Promise<void> {
  launched.browser.process()?.kill('SIGKILL');
  await launched.browser.close().catch(() => {});
  await fs.rm(launched.userDataDir, { recursive: true, force: true }).catch(() => {});
}

/** The PDF bytes of `html`, printed on A4. */
export async function printHtmlToPdf(html: string, options: PrintPdfOptions): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const proxy = await startFilteringProxy(options.policy, options.logger);
  const launching = launchBrowser({
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    proxyUrl: proxy.url,
  });
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([
      launching.then((launched) => print(launched.browser, html, timeoutMs)),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
    // A browser still launching when time ran out is closed as soon as it is up.
    await Promise.race([
      launching.then(closeLaunched, () => {}),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    await proxy.close();
  }
}
