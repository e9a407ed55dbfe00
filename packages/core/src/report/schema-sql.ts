/**
 * The schema step that gives a shell's page rows the report columns of `columns.ts`: one
 * written for both SQLite stores (the server's `crawl_pages`, the desktop's `pages`), so the
 * URL table sorts, filters and counts the same way in both. Existing rows are filled from their
 * records with the same words `verdict-words.ts` writes for new ones.
 */
import type { ReportLayout } from './crawl-report.js';

/** The tables a store keeps, and how its existing rows learn their inlink counts. */
export interface ReportSchemaLayout extends Pick<ReportLayout, 'pages' | 'counts'> {
  /** The jobs table the counts belong to. */
  jobs: string;
  /** SQL for an existing row's inlink count (evaluated per row of `pages`). */
  inlinksSql: string;
}

const SORTS: ReadonlyArray<[name: string, columns: string]> = [
  ['url', 'url'],
  ['status', 'status'],
  ['title', "COALESCE(title, '')"],
  ['depth', 'depth'],
  ['inlinks', 'inlinks'],
  ['time', 'response_ms'],
];

/**
 * The report's indexes on `pages`: by verdict, one per sort and one per sort within a verdict
 * (keyset on `(column, seq)`). The same text on both databases.
 */
export function reportIndexSql(pages: string): string {
  const index = (name: string, columns: string) =>
    `CREATE INDEX ${pages}_${name} ON ${pages}(job_id, ${columns}, seq);`;
  return `${index('reason', 'reason')}
${SORTS.map(([name, columns]) => index(name, columns)).join('\n')}
${SORTS.map(([name, columns]) => index(`reason_${name}`, `reason, ${columns}`)).join('\n')}`;
}

/** The SQL of the report step for `layout` (one script, run in one transaction). */
export function reportSchemaSql(layout: ReportSchemaLayout): string {
  const { pages, counts, jobs, inlinksSql } = layout;
  return `
ALTER TABLE ${pages} ADD COLUMN status INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ${pages} ADD COLUMN reason TEXT NOT NULL DEFAULT 'error';
ALTER TABLE ${pages} ADD COLUMN verdict TEXT NOT NULL DEFAULT '';
ALTER TABLE ${pages} ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ${pages} ADD COLUMN inlinks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ${pages} ADD COLUMN response_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ${pages} ADD COLUMN content_type TEXT;
ALTER TABLE ${pages} ADD COLUMN rendered INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ${pages} ADD COLUMN render_reason TEXT;
ALTER TABLE ${pages} ADD COLUMN is_page INTEGER NOT NULL DEFAULT 0;

UPDATE ${pages} SET
  status = COALESCE(json_extract(record, '$.redirectChain[0].status'), json_extract(record, '$.status'), 0),
  reason = CASE WHEN included = 1 THEN 'listed'
                ELSE IFNULL(json_extract(record, '$.verdict.code'), 'error') END,
  verdict = CASE
    WHEN included = 1 THEN 'listed'
    WHEN json_extract(record, '$.verdict.code') = 'content-type' THEN 'not HTML'
    WHEN json_extract(record, '$.verdict.code') = 'query' THEN 'crawled but not listed (query string)'
    WHEN json_extract(record, '$.verdict.code') = 'robots' THEN 'blocked by robots.txt'
    WHEN json_extract(record, '$.verdict.code') = 'error' THEN
      IFNULL('no answer (' || json_extract(record, '$.error') || ')', 'no answer')
    ELSE replace(replace(IFNULL(json_extract(record, '$.verdict.reason'), ''),
                         'excluded: ', ''), ' -> ', ' → ') END,
  depth = IFNULL(json_extract(record, '$.depth'), 0),
  inlinks = ${inlinksSql},
  response_ms = IFNULL(json_extract(record, '$.responseTimeMs'), 0),
  content_type = json_extract(record, '$.contentType'),
  rendered = IFNULL(json_extract(record, '$.rendered'), 0),
  render_reason = json_extract(record, '$.renderReason'),
  is_page = (IFNULL(json_extract(record, '$.status'), 0) BETWEEN 200 AND 299
             AND json_array_length(record, '$.redirectChain') = 0
             AND json_extract(record, '$.contentType') IN ('text/html', 'application/xhtml+xml'));

${reportIndexSql(pages)}

CREATE TABLE ${counts} (
  job_id TEXT NOT NULL REFERENCES ${jobs}(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (job_id, reason)
) WITHOUT ROWID;
INSERT INTO ${counts} (job_id, reason, n)
  SELECT job_id, reason, COUNT(*) FROM ${pages} GROUP BY job_id, reason;

ALTER TABLE ${jobs} ADD COLUMN outcome TEXT;
ALTER TABLE ${jobs} ADD COLUMN progress TEXT;
`;
}
