import { brandForReport, createShareLink, DEFAULT_REPORT_BRAND } from '@mapsmith/app';
import type { SqlDatabase } from '@mapsmith/core';
import type { ReportSharing } from './client-report.js';

/**
 * The client mail's report link as a share link of the run's crawl (`/r/<token>`, read-only,
 * no account needed, expiring), made the one way every share link is made; the mail names the
 * owner's agency while their brand applies (`brandForReport`, the report's own rule), else the owner.
 */
export function shareLinkSharing(db: SqlDatabase, siteUrl: () => string): ReportSharing {
  return {
    link: async (ownerId, jobId, expiresAt) => {
      const created = await createShareLink(db, {
        ownerId,
        jobId,
        expiresAt: expiresAt.toISOString(),
      });
      return `${siteUrl()}${created.path}`;
    },
    brandName: async (ownerId) => {
      const brand = await brandForReport(db, ownerId);
      return brand === DEFAULT_REPORT_BRAND ? null : brand.name;
    },
  };
}
