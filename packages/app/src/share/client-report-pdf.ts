import { type ExportFile, PdfTimeoutError } from '@mapsmith/core';
import { AppError } from '../errors.js';
import { ConcurrencyGate } from '../limits/concurrency-gate.js';
import { type ClientReport, clientReportPdfName } from './client-report.js';
import { clientReportHtml } from './report-html.js';

/** PDFs printed at once (each is a Chromium), per client, and waiting in line. */
const PDFS_AT_ONCE = 1;
const PDFS_PER_CLIENT = 1;
const PDFS_WAITING = 4;
/** The longest one PDF may take, Chromium's launch included. */
export const PDF_TIMEOUT_MS = 30_000;

/**
 * The port each shell fills with `@mapsmith/render`'s `printHtmlToPdf`: prints a document to
 * PDF within `timeoutMs`, throwing core's `PdfTimeoutError` past it.
 */
export type PrintHtmlToPdf = (html: string, timeoutMs: number) => Promise<Uint8Array>;

/**
 * The client report as a PDF (issue 29 point 3), for both shells: one print at a time (more
 * wait, up to four, then `input.busy`), bounded in time (`report.pdf-timeout`). Each shell
 * keeps one `ClientReportPdfs`, so its one gate covers every way in.
 */
export class ClientReportPdfs {
  private readonly gate = new ConcurrencyGate(PDFS_AT_ONCE, PDFS_PER_CLIENT, PDFS_WAITING);

  constructor(private readonly print: PrintHtmlToPdf) {}

  /** The PDF file of `report`, printed for `client` (an address or a user). */
  async pdf(report: ClientReport, client: string): Promise<ExportFile> {
    const slot = await this.gate.acquire(client);
    if (!slot.ok)
      throw new AppError(
        'input.busy',
        'Busy',
        'Too many PDFs are being printed; please try again in a few seconds.',
        { headers: { 'Retry-After': '5' } },
      );
    try {
      const bytes = await this.print(clientReportHtml(report), PDF_TIMEOUT_MS);
      return { fileName: clientReportPdfName(report), contentType: 'application/pdf', bytes };
    } catch (err) {
      if (err instanceof PdfTimeoutError)
        throw new AppError('report.pdf-timeout', 'PDF not ready', err.message, {
          headers: { 'Retry-After': '30' },
        });
      throw err;
    } finally {
      slot.release();
    }
  }
}

/**
 * Why the desktop cannot print a PDF: no Chrome, Chromium or Edge on this computer (`reason`
 * says where it looked). The hosted server always has its Chromium.
 */
export function noBrowserForPdf(reason: string): AppError {
  return new AppError(
    'report.no-browser',
    'No browser for the PDF',
    `The PDF is printed by Google Chrome, Chromium or Microsoft Edge, and none was found on this computer: ${reason}. Install one, or set MAPSMITH_CHROME_PATH to its program, then try again.`,
  );
}
