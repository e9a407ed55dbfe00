import { AppError, clientReportHtml, clientReportPdfName, readClientReport } from '@mapsmith/app';
import type { ExportFile, Logger, UrlPolicy } from '@mapsmith/core';
import { PdfTimeoutError, printHtmlToPdf } from '@mapsmith/render';
import type { BrowserFound } from '../../crawler-process/find-browser';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';

/** The longest one PDF may take, Chromium's launch included (as hosted). */
const PDF_TIMEOUT_MS = 30_000;

/** What the client report's PDF needs. */
export interface ClientReportDeps {
  data: LocalData;
  /** The SSRF guard every request of the printed page goes through. */
  policy: UrlPolicy;
  logger: Logger;
  /** The Chrome, Chromium or Edge installed here (the one smart rendering uses). */
  findBrowser(): BrowserFound;
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
  const browser = deps.findBrowser();
  if (browser.path === null)
    throw new AppError(
      'report.no-browser',
      'No browser for the PDF',
      `The PDF is printed by Google Chrome, Chromium or Microsoft Edge, and none was found on this computer: ${browser.reason}. Install one, or set MAPSMITH_CHROME_PATH to its program, then try again.`,
    );
  try {
    const bytes = await printHtmlToPdf(clientReportHtml(report), {
      policy: deps.policy,
      logger: deps.logger,
      executablePath: browser.path,
      timeoutMs: PDF_TIMEOUT_MS,
    });
    return {
      fileName: clientReportPdfName(report),
      contentType: 'application/pdf',
      bytes,
    };
  } catch (err) {
    if (err instanceof PdfTimeoutError)
      throw new AppError('report.pdf-timeout', 'PDF not ready', err.message);
    throw err;
  }
}
