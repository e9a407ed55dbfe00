/**
 * Schemas of a crawl report's share links (issue 29 point 3): a read-only page at `/r/<token>`
 * anyone holding the link can open, made, listed and revoked by the crawl's owner. The token is
 * shown once, when the link is made; only its SHA-256 is kept.
 */
import { z } from 'zod';

/** Live (unrevoked, unexpired) links one crawl may have at once. */
export const MAX_LIVE_SHARE_LINKS = 20;

/** The longest a link may live: a year. */
export const MAX_SHARE_LINK_DAYS = 366;

/** Share pages (and their PDFs) one client address may open per rolling hour: against guessing. */
export const SHARE_VIEWS_PER_HOUR_PER_IP = 120;

/** The path of a share link's page, before its token. */
export const SHARE_PAGE_PREFIX = '/r/';

/** A share link's state: usable, past its expiry, or revoked by its owner. */
export const shareLinkState = z.enum(['live', 'expired', 'revoked']);
/** A share link's state. */
export type ShareLinkState = z.infer<typeof shareLinkState>;

/** A share link as listed: never its token. */
export const shareLinkInfo = z.object({
  id: z.number(),
  /** The crawl the link shows. */
  jobId: z.string(),
  /** When it was made (ISO 8601, UTC). */
  createdAt: z.string(),
  /** When it stops opening (ISO 8601, UTC), or null: never. */
  expiresAt: z.string().nullable(),
  /** When its owner revoked it, or null. */
  revokedAt: z.string().nullable(),
  state: shareLinkState,
});
/** A share link as listed. */
export type ShareLinkInfo = z.infer<typeof shareLinkInfo>;

/** A share link just made: its token and page path, shown this once. */
export const createdShareLink = shareLinkInfo.extend({
  /** 32 random bytes in base64url (43 characters). */
  token: z.string(),
  /** The page's path, `/r/<token>`; the client prefixes its origin. */
  path: z.string(),
});
/** A share link just made. */
export type CreatedShareLink = z.infer<typeof createdShareLink>;

/** `share.create` input: the crawl and, optionally, when the link stops opening. */
export const shareCreateInput = z.object({
  jobId: z.string().min(1, 'jobId is required').max(100, 'jobId is too long'),
  /** ISO 8601 date-time in the future, at most a year ahead; absent or null: no expiry. */
  expiresAt: z.string().max(40, 'expiresAt must be an ISO 8601 date-time').nullable().optional(),
});
/** `share.create` input. */
export type ShareCreateInput = z.infer<typeof shareCreateInput>;

/** `share.revoke` input: the link's id, as listed. */
export const shareRevokeInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** `share.revoke` input. */
export type ShareRevokeInput = z.infer<typeof shareRevokeInput>;

/** A share token's shape: 43 base64url characters (32 bytes). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
