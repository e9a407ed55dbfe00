import { createShareLink } from '@mapsmith/app';
import type { SqlDatabase } from '@mapsmith/core';
import type { ReportSharing } from './client-report.js';

/**
 * The client mail's report link as a share link of the run's crawl (`/r/<token>`, read-only,
 * no account needed, expiring), made the one way every share link is made. Branding is not
 * kept yet, so the mail names the owner.
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
    brandName: async () => null,
  };
}
