/**
 * The sitemap audit's contract (issue 14, Pro): the live status of every URL a sitemap lists.
 * One schema per shape the hosted API and the web app share; `audit/verdicts.ts` says each
 * verdict in words.
 */
import { z } from 'zod';
import { siteUrl, validationResult } from './schemas.js';

/**
 * What one listed URL came to, most serious first: the summary counts each URL once, under
 * its first matching verdict (a redirect to a noindex page counts as a redirect).
 */
export const AUDIT_VERDICTS = [
  'refused',
  'unreachable',
  'not-checked',
  'blocked',
  'not-found',
  'error',
  'redirect',
  'not-html',
  'noindex',
  'canonical',
  'slow',
  'fine',
] as const;

/** One audit verdict. */
export const auditVerdict = z.enum(AUDIT_VERDICTS);
/** One audit verdict. */
export type AuditVerdict = z.infer<typeof auditVerdict>;

/** Uploaded sitemap text the audit accepts: the 50 MB sitemap limit, as decoded text. */
export const AUDIT_MAX_UPLOAD_CHARS = 52_428_800;

/** Start an audit of a sitemap by URL, or of an uploaded sitemap's text. */
export const auditStartInput = z
  .object({
    url: siteUrl.optional(),
    content: z
      .string()
      .min(1, 'The uploaded sitemap is empty')
      .max(AUDIT_MAX_UPLOAD_CHARS, 'The sitemap is larger than 50 MB')
      .optional(),
    fileName: z.string().trim().max(200).optional(),
  })
  .strict()
  .refine((v) => (v.url === undefined) !== (v.content === undefined), {
    message: 'Give either a sitemap URL or the text of an uploaded sitemap',
  });

/** The live check of one listed URL. */
export const auditResult = z.object({
  /** The URL as listed in the sitemap. */
  url: z.string(),
  verdict: auditVerdict,
  /** The final answer's status (after redirects); null when there was no answer. */
  status: z.number().int().nullable(),
  /** The listed URL's own answer when it redirected (301, 302, ...), else null. */
  redirectStatus: z.number().int().nullable(),
  /** Where the listed URL ends up after redirects, when it redirected. */
  redirectTarget: z.string().nullable(),
  /** `noindex` in a robots meta tag or the X-Robots-Tag header. */
  noindex: z.boolean(),
  /** The canonical URL when it points somewhere other than the listed URL, else null. */
  canonical: z.string().nullable(),
  /** robots.txt disallows MapsmithBot from the URL (or its redirect target); not fetched. */
  blocked: z.boolean(),
  /** The final answer's media type. */
  contentType: z.string().nullable(),
  /** Time to the final answer, redirects included, in ms. */
  responseMs: z.number().int(),
  /** Why there was no answer (refused address, timeout, ...), in plain words. */
  error: z.string().nullable(),
  /** The sitemap file that listed it (a child of an index, or the file itself). */
  sitemap: z.string().nullable(),
});
/** The live check of one listed URL. */
export type AuditResult = z.infer<typeof auditResult>;

/** URLs per verdict. */
export const auditCounts = z.record(auditVerdict, z.number().int());
/** URLs per verdict. */
export type AuditCounts = z.infer<typeof auditCounts>;

/** An audit job as `audit.get` shows it. */
export const auditJob = z.object({
  id: z.string(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  /** The sitemap URL, or the uploaded file's name. */
  source: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * Why the job failed, in plain words; for a completed one, what cut it short (the listing's
   * byte or URL budget, the monthly page limit, the time limit), or null.
   */
  error: z.string().nullable(),
  /** URLs listed (every child sitemap of an index too, up to the audit's bound). */
  total: z.number().int(),
  /** URLs checked so far. */
  checked: z.number().int(),
  /** Sitemap files read (the file itself and the children of an index). */
  sitemaps: z.number().int(),
  /** True when the listing stopped at the audit's bound of URLs or child sitemaps. */
  truncated: z.boolean(),
  counts: auditCounts,
  /** The verdict summary, e.g. "48,912 fine, 612 redirect, 301 noindex, 175 404". */
  summary: z.string(),
  /** The checker's rules (spec §5) on the file itself, once it was read. */
  validation: validationResult.nullable(),
});
/** An audit job as `audit.get` shows it. */
export type AuditJob = z.infer<typeof auditJob>;

/** Rows of the audit table per page, at most. */
export const AUDIT_PAGE_MAX = 200;

/** A page of the audit table: filter by verdict and URL text, keyset cursor. */
export const auditUrlsInput = z.object({
  jobId: z.string().min(1).max(64),
  verdict: auditVerdict.optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
});

/** A page of the audit table. */
export const auditUrlsPage = z.object({
  rows: z.array(auditResult),
  /** Rows matching the filter. */
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.number().int().nullable(),
});
/** A page of the audit table. */
export type AuditUrlsPage = z.infer<typeof auditUrlsPage>;

/** The audit's CSV download, optionally one verdict only. */
export const auditReportInput = z.object({
  jobId: z.string().min(1).max(64),
  verdict: auditVerdict.optional(),
});
