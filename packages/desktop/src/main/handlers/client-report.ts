import { ClientReportPdfs, noBrowserForPdf, readClientReport } from '@mapsmith/app';
import type { ExportFile, Logger, UrlPolicy } from '@mapsmith/core';
import { printHtmlToPdf } from '@mapsmith/render';
import type { BrowserFound } from '../../crawler-process/find-browser';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';

/** What the client report's PDF needs. */
export interface ClientReportDeps {
  data: LocalData;
  /** The SSRF guard every request of the printed page goes through. */
  policy: UrlPolicy;
  logger: Logger;
  /** The Chrome, Chromium or Edge installed here (the one smart rendering uses). */
  findBrowser(): BrowserFound;
}

/** The desktop's one PDF gate, whatever the deps of a call. */
const pdfs = new WeakMap<ClientReportDeps, ClientReportPdfs>();

function pdfsOf(deps: ClientReportDeps): ClientReportPdfs {
  let found = pdfs.get(deps);
  if (!found) {
    found = new ClientReportPdfs((html, timeoutMs) => {
      const browser = deps.findBrowser();
      if (browser.path === null) throw noBrowserForPdf(browser.reason);
      const { policy, logger } = deps;
      return printHtmlToPdf(html, { policy, logger, executablePath: browser.path, timeoutMs });
    });
    pdfs.set(deps, found);
  }
  return found;
}

/**
 * `crawl.pdf` (issue 29 point 3): the client report of a local crawl, read by the application
 * layer as hosted and printed by the machine's own Chromium through the filtering proxy. It
 * carries Mapsmith's name: a brand lives with the hosted account. The renderer saves the file
 * through the download path (the native save dialog).
 */
export async function crawlPdf(
  deps: ClientReportDeps,
  input: { jobId: string },
): Promise<ExportFile> {
  const report = await readClientReport(deps.data.answers, input.jobId, LOCAL_USER_ID);
  return pdfsOf(deps).pdf(report, 'local');
}
