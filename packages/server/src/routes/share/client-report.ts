import {
  AppError,
  brandForReport,
  type ClientReport,
  CrawlAnswers,
  clientReportHtml,
  clientReportPdfName,
  readClientReport,
} from '@mapsmith/app';
import { PdfTimeoutError, printHtmlToPdf } from '@mapsmith/render';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import { ConcurrencyGate } from '../../limits/concurrency-gate.js';

/** PDFs printed at once server-wide (each is a Chromium), per client, and waiting in line. */
const PDFS_AT_ONCE = 1;
const PDFS_PER_CLIENT = 1;
const PDFS_WAITING = 4;
/** The longest one PDF may take, Chromium's launch included. */
export const PDF_TIMEOUT_MS = 30_000;

/**
 * The client report of a crawl as its owner sees it (issue 29 point 3), for the share page and
 * the PDF alike: the app layer's report with the live sitemap files the server keeps.
 */
function clientReports(ctx: AppContext) {
  const answers = new CrawlAnswers(ctx.repos);
  const gate = new ConcurrencyGate(PDFS_AT_ONCE, PDFS_PER_CLIENT, PDFS_WAITING);

  async function read(jobId: string, ownerId: number): Promise<ClientReport> {
    const [liveSitemaps, brand] = await Promise.all([
      ctx.repos.sitemapCompare.summary(jobId),
      brandForReport(ctx.db, ownerId),
    ]);
    return readClientReport(answers, jobId, ownerId, { liveSitemaps, brand });
  }

  /** The report as a PDF download: one print at a time, bounded in time. */
  async function pdf(jobId: string, ownerId: number, client: string): Promise<HttpResult> {
    const report = await read(jobId, ownerId);
    const slot = await gate.acquire(client);
    if (!slot.ok)
      throw new AppError(
        'input.busy',
        'Busy',
        'Too many PDFs are being printed; please try again in a few seconds.',
        { headers: { 'Retry-After': '5' } },
      );
    try {
      const bytes = await printHtmlToPdf(clientReportHtml(report), {
        policy: ctx.policy,
        logger: ctx.logger,
        timeoutMs: PDF_TIMEOUT_MS,
      });
      return HttpResult.download(
        {
          contentType: 'application/pdf',
          fileName: clientReportPdfName(report),
        },
        [bytes],
      );
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

  return { read, pdf };
}

/** The client reports of the server. */
export type ClientReports = ReturnType<typeof clientReports>;

const built = new WeakMap<AppContext, ClientReports>();

/** The server's one `clientReports` (one PDF gate for the API and the share page). */
export function clientReportsOf(ctx: AppContext): ClientReports {
  let reports = built.get(ctx);
  if (!reports) {
    reports = clientReports(ctx);
    built.set(ctx, reports);
  }
  return reports;
}
