/**
 * The ports of the Pro features, every one of them now the application layer's (`@mapsmith/app`:
 * audit/, sitemap-compare/, schedules/, bulk/, and the job queues in jobs/), re-exported for the
 * server's repositories and workers. One SQL implementation of each runs on SQLite and on
 * Postgres.
 */
export type {
  AuditJobRecord,
  AuditQueue,
  AuditRepository,
  AuditRunSummary,
  ClaimedAudit,
  ClaimedCompare,
  CompareStart,
  ReportRecipientByToken,
  ReportRecipientRecord,
  ReportRecipientRepository,
  SitemapCompareQueue,
  SitemapCompareRepository,
  StartAuditInput,
} from '@mapsmith/app';
