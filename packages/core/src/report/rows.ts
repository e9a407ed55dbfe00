/** The URL table's rows as the report tables hold them, and their contract shapes. */
import type { ChangeKind } from '../contract/change-schemas.js';
import type { ReportReason, ReportRow, ReportUrlDetail } from '../contract/report-schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { noAnswer } from './columns.js';
import { whyWords } from './verdict-words.js';

const IMAGES_SHOWN = 100;

/** The columns a row of the table is read from. */
export const ROW_COLUMNS =
  'seq, url, status, reason, verdict, title, depth, inlinks, response_ms, rendered, render_reason, content_type, change, sitemap';

/** A row as SQLite returns it (`record` and `sortValue` when the query asks for them). */
export interface RowData {
  seq: number;
  url: string;
  status: number;
  reason: ReportReason;
  verdict: string;
  title: string | null;
  depth: number;
  inlinks: number;
  response_ms: number;
  rendered: number | boolean;
  render_reason: string | null;
  content_type: string | null;
  /** What changed since the previous crawl (issue 13); null on a first crawl. */
  change: ChangeKind | null;
  /** The live sitemap comparison's finding codes (see `rowSource`). */
  sitemap?: string | null;
  record?: string;
  sortValue?: string | number;
}

/** The contract's row. */
export function toRow(r: RowData): ReportRow {
  return {
    id: r.seq,
    url: r.url,
    status: noAnswer(r) ? null : r.status,
    reason: r.reason,
    verdict: r.verdict,
    title: r.title,
    depth: r.depth,
    inlinks: r.inlinks,
    responseTimeMs: noAnswer(r) ? null : r.response_ms,
    // 1/0 from SQLite, and from Postgres' BIGINT column too; a boolean would read the same.
    rendered: Boolean(r.rendered),
    renderReason: r.render_reason,
    contentType: r.content_type,
    sitemap: r.sitemap ?? null,
    // Last, as the JSON Lines written by SQLite put it (`sql-lines.ts`).
    ...(r.change ? { change: r.change } : {}),
  };
}

/** The row's record, with the row's `inlinks` (the store's count, kept current). */
export function recordOf(r: RowData): PageRecord {
  return { ...(JSON.parse(r.record ?? '{}') as PageRecord), inlinks: r.inlinks };
}

/** One URL in detail from its row, its record and the pages linking to it. */
export function detailOf(row: RowData, page: PageRecord, linkedFrom: string[]): ReportUrlDetail {
  return {
    ...toRow(row),
    finalUrl: page.finalUrl,
    why: whyWords(page),
    redirectChain: page.redirectChain,
    finalStatus: page.status,
    clientRedirect: page.clientRedirect ?? null,
    canonical: page.canonical,
    robots: page.robots,
    hreflang: page.hreflang,
    images: page.images.slice(0, IMAGES_SHOWN),
    imageCount: page.images.length,
    videos: page.videos.map((v) => ({
      contentUrl: v.contentUrl,
      playerUrl: v.playerUrl,
      thumbnailUrl: v.thumbnailUrl,
      title: v.title,
      description: v.description,
    })),
    structuredDataTypes: page.structuredData.types,
    linkedFrom,
    metaDescription: page.metaDescription,
    h1: page.h1,
    bytes: page.bytes,
    lastModified: page.lastModified,
    foundVia: page.foundVia,
    error: page.error,
  };
}
