import {
  type CreatedShareLink,
  MAX_LIVE_SHARE_LINKS,
  SHARE_PAGE_PREFIX,
  type ShareLinkInfo,
  type SqlDatabase,
  type SqlQueryable,
} from '@mapsmith/core';
import { AppError } from '../errors.js';
import { lockedTransaction } from '../sql/transactions.js';
import { shareLinkExpiry } from './share-expiry.js';
import { generateShareToken, hashShareToken, isShareTokenShaped } from './share-token.js';

/** What a valid share link opens: one crawl of one owner. */
export interface ShareTarget {
  id: number;
  jobId: string;
  ownerId: number;
  createdAt: string;
  expiresAt: string | null;
}

interface ShareLinkRow {
  id: number | string;
  job_id: string;
  owner_id: number | string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

/** The rows most `listShareLinks` answers (newest first). */
const LIST_LIMIT = 100;

/** A link is live while unrevoked and before its expiry. */
const LIVE = 'revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)';

function toInfo(row: ShareLinkRow, nowIso: string): ShareLinkInfo {
  const expired = row.expires_at !== null && row.expires_at <= nowIso;
  return {
    id: Number(row.id),
    jobId: row.job_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    state: row.revoked_at !== null ? 'revoked' : expired ? 'expired' : 'live',
  };
}

/**
 * Refuses 404 `crawl.not-found` (field `jobId`) unless `jobId` is one of the owner's crawls:
 * another user's crawl reads as an unknown one. `why` ends the sentence ("so it cannot be shared").
 */
async function requireOwnCrawl(
  db: SqlQueryable,
  ownerId: number,
  jobId: string,
  why: string,
): Promise<void> {
  const job = await db.first<{ id: string }>(
    'SELECT id FROM crawl_jobs WHERE id = ? AND user_id = ?',
    [jobId, ownerId],
  );
  if (!job)
    throw new AppError(
      'crawl.not-found',
      'Crawl not found',
      `There is no crawl with that id in your account, ${why}.`,
      { field: 'jobId' },
    );
}

/**
 * Makes a share link of the owner's crawl `jobId`, living until `expiresAt` (or until revoked).
 * Another user's crawl answers 404 `crawl.not-found`, as an unknown one does; a crawl with
 * `MAX_LIVE_SHARE_LINKS` live links answers 409 `share.too-many`. The token is returned here
 * once; only its hash is stored.
 */
export async function createShareLink(
  db: SqlDatabase,
  input: { ownerId: number; jobId: string; expiresAt?: string | null },
  now: number = Date.now(),
): Promise<CreatedShareLink> {
  const expiresAt = shareLinkExpiry(input.expiresAt, now);
  const nowIso = new Date(now).toISOString();
  const token = generateShareToken();
  const row = await lockedTransaction(db, `share:${input.ownerId}`, async (tx) => {
    await requireOwnCrawl(tx, input.ownerId, input.jobId, 'so it cannot be shared');
    const live = await tx.first<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM share_links WHERE owner_id = ? AND job_id = ? AND ${LIVE}`,
      [input.ownerId, input.jobId, nowIso],
    );
    if (Number(live?.n ?? 0) >= MAX_LIVE_SHARE_LINKS)
      throw new AppError(
        'share.too-many',
        'Too many share links',
        `This crawl already has ${MAX_LIVE_SHARE_LINKS} live share links: revoke one first.`,
      );
    return tx.first<ShareLinkRow>(
      `INSERT INTO share_links (token_hash, job_id, owner_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?) RETURNING id, job_id, owner_id, created_at, expires_at, revoked_at`,
      [hashShareToken(token), input.jobId, input.ownerId, nowIso, expiresAt],
    );
  });
  if (!row) throw new Error('The new share link was not stored.');
  return { ...toInfo(row, nowIso), token, path: `${SHARE_PAGE_PREFIX}${token}` };
}

/**
 * The owner's share links, of one crawl when `jobId` is given, newest first (at most 100). A
 * `jobId` that is not one of the owner's crawls answers 404 `crawl.not-found`, as creating does.
 */
export async function listShareLinks(
  db: SqlDatabase,
  query: { ownerId: number; jobId?: string },
  now: number = Date.now(),
): Promise<ShareLinkInfo[]> {
  const nowIso = new Date(now).toISOString();
  if (query.jobId !== undefined)
    await requireOwnCrawl(db, query.ownerId, query.jobId, 'so it has no share links');
  const byJob = query.jobId === undefined ? '' : ' AND job_id = ?';
  const rows = await db.all<ShareLinkRow>(
    `SELECT id, job_id, owner_id, created_at, expires_at, revoked_at FROM share_links
      WHERE owner_id = ?${byJob} ORDER BY created_at DESC, id DESC LIMIT ?`,
    [query.ownerId, ...(query.jobId === undefined ? [] : [query.jobId]), LIST_LIMIT],
  );
  return rows.map((row) => toInfo(row, nowIso));
}

/**
 * Revokes the owner's link `id` and answers it as listed (revoking a revoked link keeps its
 * first date); null when the owner has no link with that id.
 */
export async function revokeShareLink(
  db: SqlDatabase,
  query: { ownerId: number; id: number },
  now: number = Date.now(),
): Promise<ShareLinkInfo | null> {
  const nowIso = new Date(now).toISOString();
  const row = await db.transaction((tx) =>
    tx.first<ShareLinkRow>(
      `UPDATE share_links SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND owner_id = ?
       RETURNING id, job_id, owner_id, created_at, expires_at, revoked_at`,
      [nowIso, query.id, query.ownerId],
    ),
  );
  return row ? toInfo(row, nowIso) : null;
}

/**
 * The crawl a share token opens, or null when the token is unknown, revoked or expired. The
 * lookup is by the token's hash (an index probe whatever the token), so its time says nothing
 * about how close a guess was.
 */
export async function resolveShareLink(
  db: SqlDatabase,
  token: string,
  now: number = Date.now(),
): Promise<ShareTarget | null> {
  if (!isShareTokenShaped(token)) return null;
  const row = await db.first<ShareLinkRow>(
    `SELECT id, job_id, owner_id, created_at, expires_at, revoked_at FROM share_links
      WHERE token_hash = ? AND ${LIVE}`,
    [hashShareToken(token), new Date(now).toISOString()],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    jobId: row.job_id,
    ownerId: Number(row.owner_id),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
