import { MAX_SHARE_LINK_DAYS } from '@mapsmith/core';
import type { AppError } from '../errors.js';
import { invalidInput } from '../refusals.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function refuse(detail: string): AppError {
  return invalidInput('expiresAt', detail, 'Invalid expiry');
}

/**
 * The expiry a new link is given, as stored (ISO 8601, UTC), or null for none: `expiresAt`
 * must be a date-time after `now` and at most `MAX_SHARE_LINK_DAYS` days ahead.
 */
export function shareLinkExpiry(expiresAt: string | null | undefined, now: number): string | null {
  if (expiresAt === undefined || expiresAt === null || expiresAt === '') return null;
  const at = Date.parse(expiresAt);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(expiresAt) || Number.isNaN(at))
    throw refuse('expiresAt must be an ISO 8601 date-time, e.g. 2026-12-31T23:59:00Z.');
  if (at <= now) throw refuse('expiresAt must be in the future.');
  if (at > now + MAX_SHARE_LINK_DAYS * DAY_MS)
    throw refuse(`A share link can live at most ${MAX_SHARE_LINK_DAYS} days.`);
  return new Date(at).toISOString();
}
