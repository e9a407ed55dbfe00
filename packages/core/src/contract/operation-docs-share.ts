/**
 * The API reference's words for a crawl's client report (issue 29 point 3): share links and the
 * PDF, the same `OperationDoc` entries as `operation-docs.ts`, kept apart so each file stays
 * readable.
 */

import { MAX_LOGO_BYTES, MAX_LOGO_SIDE, MIN_ACCENT_CONTRAST } from './brand-schemas.js';
import type { RoutedOperationName } from './http-routes.js';
import type { OperationDoc } from './operation-docs.js';
import { MAX_LIVE_SHARE_LINKS, MAX_SHARE_LINK_DAYS } from './share-schemas.js';

const JOB = 'mZ3c9qLw2xY1';
const JOB_FIELD = { jobId: 'The crawl’s id, as crawl.start answered it.' };

/** Docs of the client report's operations. */
export const SHARE_OPERATION_DOCS: Readonly<Partial<Record<RoutedOperationName, OperationDoc>>> = {
  'share.create': {
    summary: 'Make a read-only share link of a crawl’s report',
    description: `Answers the link's token and its page path \`/r/<token>\` once: only a hash of the token is kept, so it cannot be shown again. Anyone holding the link reads the report without an account until it expires or is revoked. A crawl has at most ${MAX_LIVE_SHARE_LINKS} live links.`,
    tag: 'Client reports',
    errors: ['input.invalid', 'crawl.not-found', 'share.too-many'],
    created: true,
    example: { jobId: JOB, expiresAt: '2026-12-31T23:59:00Z' },
    fields: {
      ...JOB_FIELD,
      expiresAt: `When the link stops opening (ISO 8601, in the future, at most ${MAX_SHARE_LINK_DAYS} days ahead); absent or null: never.`,
    },
  },
  'share.list': {
    summary: 'The share links of a crawl, newest first (never their tokens)',
    tag: 'Client reports',
    errors: ['input.invalid', 'crawl.not-found'],
    example: { jobId: JOB },
    fields: JOB_FIELD,
  },
  'share.revoke': {
    summary: 'Revoke a share link: its page stops opening at once',
    tag: 'Client reports',
    errors: ['input.invalid', 'share.not-found'],
    example: { id: 7 },
    fields: { id: 'The link’s id, as share.list answers it.' },
  },
  'crawl.pdf': {
    summary: 'Download the crawl’s report as a PDF',
    description:
      'The same report a share link opens, printed by headless Chromium: summary, SEO score and issues, changes since the previous crawl, sitemap files. One PDF is printed at a time (429 `input.busy` while another is), within 30 seconds (503 `report.pdf-timeout` past them).',
    tag: 'Client reports',
    errors: ['input.invalid', 'crawl.not-found', 'input.busy', 'report.pdf-timeout'],
    download: 'pdf',
    example: { jobId: JOB },
    fields: JOB_FIELD,
  },
  'brand.get': {
    summary: 'The brand of your client reports',
    description:
      'Your agency name, accent colour and logo type; `applied` says whether reports carry them now (while your plan is Pro; otherwise they carry Mapsmith’s name).',
    tag: 'Client reports',
    errors: [],
  },
  'brand.update': {
    summary: 'Brand your client reports (Pro)',
    description: `The agency name, an accent colour readable on white (contrast at least ${MIN_ACCENT_CONTRAST}:1) and a logo: base64 bytes of a PNG, JPEG or WebP (checked by its bytes; SVG refused), at most ${MAX_LOGO_BYTES / 1024} KB and ${MAX_LOGO_SIDE} px a side. Absent \`logo\` keeps the current one, null removes it.`,
    tag: 'Client reports',
    errors: ['input.invalid', 'auth.pro-required'],
    example: { agencyName: 'Northwind Digital', accent: '#1d4ed8' },
  },
  'brand.logo': {
    summary: 'Your report logo, as uploaded',
    tag: 'Client reports',
    errors: ['not-found'],
    download: 'image',
  },
};
