import {
  brandForReport,
  type ClientReport,
  ClientReportPdfs,
  CrawlAnswers,
  readClientReport,
} from '@mapsmith/app';
import { printHtmlToPdf } from '@mapsmith/render';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';

/**
 * The client report of a crawl as its owner sees it (issue 29 point 3), for the share page and
 * the PDF alike: the app layer's report with the live sitemap files the server keeps.
 */
function clientReports(ctx: AppContext) {
  const answers = new CrawlAnswers(ctx.repos);
  const pdfs = new ClientReportPdfs((html, timeoutMs) =>
    printHtmlToPdf(html, { policy: ctx.policy, logger: ctx.logger, timeoutMs }),
  );

  async function read(jobId: string, ownerId: number): Promise<ClientReport> {
    const [liveSitemaps, brand] = await Promise.all([
      ctx.repos.sitemapCompare.summary(jobId),
      brandForReport(ctx.db, ownerId),
    ]);
    return readClientReport(answers, jobId, ownerId, { liveSitemaps, brand });
  }

  /** The report as a PDF download (`ClientReportPdfs`: one print at a time, bounded in time). */
  async function pdf(jobId: string, ownerId: number, client: string): Promise<HttpResult> {
    const file = await pdfs.pdf(await read(jobId, ownerId), client);
    return HttpResult.download({ contentType: file.contentType, fileName: file.fileName }, [
      file.bytes,
    ]);
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
