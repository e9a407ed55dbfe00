import { type CrawlJob, PdfTimeoutError } from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import type { ClientReport } from './client-report.js';
import { ClientReportPdfs, noBrowserForPdf, PDF_TIMEOUT_MS } from './client-report-pdf.js';
import { DEFAULT_REPORT_BRAND } from './report-brand.js';

// The printer is the shells' port (`@mapsmith/render` behind it, driven for real by
// share-pdf.test.ts and tests/desktop/client-report-pdf.test.ts): here it only holds a print
// open or runs out of time, so the rules this use case decides are seen one by one.
const report: ClientReport = {
  crawl: {
    id: 'job-1',
    url: 'https://example.com/',
    status: 'running',
    createdAt: '2026-11-27T00:00:00.000Z',
    pagesCrawled: 0,
    outcome: null,
  } as unknown as CrawlJob,
  seo: null,
  changes: null,
  charts: null,
  liveSitemaps: null,
  brand: DEFAULT_REPORT_BRAND,
  generatedAt: '2026-11-27T00:00:00.000Z',
};

describe('ClientReportPdfs', () => {
  it('prints the report within 30 seconds and names the file after its site', async () => {
    const asked: number[] = [];
    const pdfs = new ClientReportPdfs(async (html, timeoutMs) => {
      asked.push(timeoutMs);
      return new TextEncoder().encode(html.slice(0, 15));
    });
    const file = await pdfs.pdf(report, 'a');
    expect(asked).toEqual([PDF_TIMEOUT_MS]);
    expect(PDF_TIMEOUT_MS).toBe(30_000);
    expect(file).toMatchObject({
      fileName: 'report-example.com.pdf',
      contentType: 'application/pdf',
    });
    expect(new TextDecoder().decode(file.bytes)).toBe('<!doctype html>');
  });

  it('prints one at a time: a second PDF of the same client is refused input.busy', async () => {
    let finish: (bytes: Uint8Array) => void = () => {};
    const pdfs = new ClientReportPdfs(() => new Promise((resolve) => (finish = resolve)));
    const first = pdfs.pdf(report, 'a');
    await expect(pdfs.pdf(report, 'a')).rejects.toMatchObject({
      code: 'input.busy',
      status: 429,
      headers: { 'Retry-After': '5' },
    });
    finish(new Uint8Array([1]));
    expect((await first).bytes).toEqual(new Uint8Array([1]));
    // The slot is free again once the first is printed.
    const again = pdfs.pdf(report, 'a');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the print has begun
    finish(new Uint8Array([2]));
    expect((await again).bytes).toEqual(new Uint8Array([2]));
  });

  it('words a print past its time as report.pdf-timeout, and frees the slot', async () => {
    const pdfs = new ClientReportPdfs(async (_html, ms) => {
      throw new PdfTimeoutError(ms);
    });
    const late = {
      code: 'report.pdf-timeout',
      status: 503,
      message: 'The PDF was not printed within 30 seconds.',
      headers: { 'Retry-After': '30' },
    };
    await expect(pdfs.pdf(report, 'a')).rejects.toMatchObject(late);
    await expect(pdfs.pdf(report, 'a')).rejects.toMatchObject(late);
  });

  it('says where no browser was found, with report.no-browser', () => {
    const none = noBrowserForPdf('no Chrome in /opt');
    expect([none.code, none.status]).toEqual(['report.no-browser', 503]);
    expect(none.message).toContain('none was found on this computer: no Chrome in /opt.');
  });
});
