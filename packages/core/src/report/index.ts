/** The crawl report (issue 11): written once here, called by the hosted routes and the desktop IPC. */

export {
  type ChangeLayout,
  type Comparison,
  changeSchemaSql,
  compareCrawls,
  compareOnDemand,
  readChanges,
  type SqlWriter,
  startUrlVariants,
} from './changes.js';
export * from './chart-bars.js';
export { REPORT_COLUMN_NAMES, type ReportColumns, reportColumns, reportValues } from './columns.js';
export { CrawlReport, type ReportLayout, type UrlsQuery } from './crawl-report.js';
export {
  CSV_COLUMNS,
  CSV_HEAD,
  csvField,
  csvLine,
  fileHost,
  REPORT_FILES,
  type ReportFormat,
  reportChunks,
  reportFileName,
  reportText,
} from './export.js';
export { type IssueMatcher, issueMatcher } from './issue-filter.js';
export { type JobEnd, jobOutcome } from './job-outcome.js';
export {
  buildOutcome,
  type CapFacts,
  DownloadTally,
  endReasonOf,
  endSentence,
  nothingListedSentence,
  type OutcomeFacts,
  pagesText,
} from './outcome.js';
export { PdfTimeoutError } from './pdf-timeout.js';
export { decodeCursor, encodeCursor, likePattern, ReportQueryError } from './query.js';
export { type ReportSchemaLayout, reportIndexSql, reportSchemaSql } from './schema-sql.js';
export { lineExpression } from './sql-lines.js';
export { REASON_LABELS, reasonOf, verdictWords, whyWords } from './verdict-words.js';
