/**
 * The audit's verdicts in words (browser-safe): the per-URL verdict from its facts, the label a
 * table cell or filter shows, and the one-line summary ("48,912 fine, 612 redirect, 301
 * noindex, 175 404").
 */
import {
  AUDIT_VERDICTS,
  type AuditCounts,
  type AuditResult,
  type AuditVerdict,
} from '../contract/audit-schemas.js';
import { isListableType, listedDocumentName } from '../contract/listable-types.js';

/** A check taking longer than this (redirects included) is reported as slow. */
export const AUDIT_SLOW_MS = 3000;

/** The word the summary and the filter use for each verdict. */
export const AUDIT_VERDICT_LABELS: Readonly<Record<AuditVerdict, string>> = {
  refused: 'refused address',
  unreachable: 'unreachable',
  'not-checked': 'not checked',
  blocked: 'blocked by robots.txt',
  'not-found': '404',
  error: 'error',
  redirect: 'redirect',
  'not-html': 'not a page or document',
  noindex: 'noindex',
  canonical: 'canonical elsewhere',
  slow: 'slow',
  fine: 'fine',
};

/** What a site owner should do about each verdict, for the table's legend. */
export const AUDIT_VERDICT_HINTS: Readonly<Record<AuditVerdict, string>> = {
  refused: 'The address is private or local; search engines cannot reach it either.',
  unreachable: 'No answer (timeout, DNS or connection error).',
  'not-checked':
    'Not asked: its host did not answer several times in a row, so the audit stopped asking it.',
  blocked: 'robots.txt disallows it, so search engines cannot crawl what the sitemap lists.',
  'not-found': 'Gone (404 or 410): remove it from the sitemap.',
  error: 'Another 4xx or 5xx answer.',
  redirect: 'List the redirect target instead of the redirecting URL.',
  'not-html':
    'Neither an HTML page nor a document search engines index (PDF, Word, Excel, ...): an image, a feed, a script.',
  noindex: 'The page asks not to be indexed; do not list it.',
  canonical: 'The page names another URL as canonical; list that one.',
  slow: `The answer took longer than ${AUDIT_SLOW_MS / 1000} seconds.`,
  fine: 'Listed, reachable, indexable and its own canonical.',
};

/** The facts a verdict is decided from. */
export type VerdictFacts = Pick<
  AuditResult,
  'status' | 'redirectStatus' | 'noindex' | 'canonical' | 'blocked' | 'contentType' | 'responseMs'
> & { refused: boolean; notChecked?: boolean };

/** The verdict of one URL: the most serious fact wins, in `AUDIT_VERDICTS` order. */
export function auditVerdictOf(f: VerdictFacts, slowMs = AUDIT_SLOW_MS): AuditVerdict {
  if (f.refused) return 'refused';
  if (f.notChecked) return 'not-checked';
  if (f.blocked) return 'blocked';
  if (f.status === null) return 'unreachable';
  if (f.status === 404 || f.status === 410) return 'not-found';
  if (f.status >= 400 || f.status < 200) return 'error';
  if (f.redirectStatus !== null) return 'redirect';
  if (f.status >= 300) return 'error';
  // The generator's own rule: a PDF it lists is fine here too.
  if (f.contentType !== null && !isListableType(f.contentType)) return 'not-html';
  if (f.noindex) return 'noindex';
  if (f.canonical !== null) return 'canonical';
  if (f.responseMs > slowMs) return 'slow';
  return 'fine';
}

/** A result's verdict in words, naming a listed document: "fine (PDF)", "noindex (PDF)". */
export function auditVerdictText(r: Pick<AuditResult, 'verdict' | 'contentType'>): string {
  const label = AUDIT_VERDICT_LABELS[r.verdict];
  const document = listedDocumentName(r.contentType);
  return document === null ? label : `${label} (${document})`;
}

/** Zero for every verdict. */
export function emptyAuditCounts(): AuditCounts {
  return Object.fromEntries(AUDIT_VERDICTS.map((v) => [v, 0])) as AuditCounts;
}

/**
 * "48,912 fine, 612 redirect, 301 noindex, 175 404": fine first, then the others by count,
 * verdicts without URLs left out; "nothing checked yet" before the first result.
 */
export function auditSummary(counts: Partial<AuditCounts>): string {
  const n = (v: AuditVerdict) => counts[v] ?? 0;
  const others = AUDIT_VERDICTS.filter((v) => v !== 'fine' && n(v) > 0).sort((a, b) => n(b) - n(a));
  const parts = [...(n('fine') > 0 ? ['fine' as const] : []), ...others].map(
    (v) => `${n(v).toLocaleString('en-US')} ${AUDIT_VERDICT_LABELS[v]}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'nothing checked yet';
}
