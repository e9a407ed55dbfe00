/**
 * The one entry check of a site address (issue 30, point 3). Every operation whose input names
 * a site with the contract's `siteUrl` field is checked here by both shells' binders, right
 * after its schema parsed the input, so no handler can forget it: the URL policy's syntactic
 * and literal-address checks (scheme, credentials, IP literals in every form, internal names).
 * The address a name resolves to is judged later, at connect time, by the same policy.
 */
import { z } from 'zod';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { ErrorCode } from './error-codes.js';
import { siteUrl } from './schemas.js';

/**
 * The code of a site address the URL policy refuses, whatever the operation (crawl, schedule,
 * bulk line, audit, checker fetch, ping): one refusal, one code. `sitemap.url-not-allowed`
 * stays for a redirect hop a sitemap download refuses on its way.
 */
export const SITE_REFUSED_CODE: ErrorCode = 'crawl.url-not-allowed';

/** A site address the policy refused: the field, and the refusal in plain words. */
export interface SiteRefusal {
  /** The input field naming it (`url`, `sitemapUrl`). */
  field: string;
  /** The sentence to show: "This address cannot be crawled: refused host ...". */
  message: string;
}

/** The refusal sentence of one address the policy refused. */
export function siteRefusalMessage(reason: string): string {
  return `This address cannot be crawled: ${reason}`;
}

/** The policy's verdict on one address: null when allowed, else the sentence to show. */
export function refuseSiteAddress(policy: UrlPolicy, address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return siteRefusalMessage('not an absolute URL');
  }
  const verdict = policy.checkUrl(url);
  return verdict.allowed ? null : siteRefusalMessage(verdict.reason);
}

/** The schema under optional, nullable and default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodNullable ||
    inner instanceof z.ZodDefault
  )
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** The fields of an input schema that hold a site address (`siteUrl`, optional or not). */
export function siteAddressFields(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => unwrap(field) === siteUrl)
    .map(([name]) => name);
}

/**
 * The first site address of a parsed input that the policy refuses, or null. `schema` is the
 * operation's contract input schema; `input` what it (or the shell's own schema) parsed.
 */
export function siteAddressRefusal(
  policy: UrlPolicy,
  schema: z.ZodType,
  input: unknown,
): SiteRefusal | null {
  if (typeof input !== 'object' || input === null) return null;
  for (const field of siteAddressFields(schema)) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value !== 'string') continue;
    const message = refuseSiteAddress(policy, value);
    if (message) return { field, message };
  }
  return null;
}
