import type { BrandUpdateInput, ReportBrandInfo, SqlDatabase } from '@mapsmith/core';
import { AppError } from '../errors.js';
import { isProAt } from '../plan/pro-now.js';
import { checkLogo } from './logo-image.js';
import { DEFAULT_REPORT_BRAND, type ReportBrand } from './report-brand.js';

interface BrandRow {
  agency_name: string;
  accent: string;
  logo: Uint8Array | null;
  logo_type: string | null;
  pro_until: string | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

async function brandRow(db: SqlDatabase, userId: number): Promise<BrandRow | undefined> {
  return db.transaction((tx) =>
    tx.first<BrandRow>(
      `SELECT b.agency_name, b.accent, b.logo, b.logo_type, u.pro_until
         FROM report_brands b JOIN users u ON u.id = b.user_id WHERE b.user_id = ?`,
      [userId],
    ),
  );
}

/** A brand is applied while its owner is Pro (the one rule, `isProAt`). */
function applied(row: BrandRow, now: number): boolean {
  return isProAt(row.pro_until, now);
}

/** The user's brand as the account page shows it. */
export async function readReportBrand(
  db: SqlDatabase,
  userId: number,
  now: number = Date.now(),
): Promise<ReportBrandInfo> {
  const row = await brandRow(db, userId);
  if (!row) return { agencyName: null, accent: null, logoType: null, applied: false };
  return {
    agencyName: row.agency_name,
    accent: row.accent,
    logoType: row.logo === null ? null : row.logo_type,
    applied: applied(row, now),
  };
}

/** The brand a report of `ownerId`'s crawl carries: theirs while Pro, else Mapsmith's. */
export async function brandForReport(
  db: SqlDatabase,
  ownerId: number,
  now: number = Date.now(),
): Promise<ReportBrand> {
  const row = await brandRow(db, ownerId);
  if (!row || !applied(row, now)) return DEFAULT_REPORT_BRAND;
  const logo =
    row.logo && row.logo_type
      ? `data:${row.logo_type};base64,${Buffer.from(row.logo).toString('base64')}`
      : null;
  return { name: row.agency_name, accent: row.accent, logoDataUrl: logo };
}

/** The user's logo bytes and media type, or null. */
export async function reportBrandLogo(
  db: SqlDatabase,
  userId: number,
): Promise<{ bytes: Uint8Array; type: string } | null> {
  const row = await brandRow(db, userId);
  return row?.logo && row.logo_type ? { bytes: row.logo, type: row.logo_type } : null;
}

/**
 * Saves the user's brand (the caller checked the plan). `input.logo`: base64 bytes, checked
 * by `checkLogo`; null removes the logo; absent keeps it.
 */
export async function saveReportBrand(
  db: SqlDatabase,
  userId: number,
  input: BrandUpdateInput,
  now: number = Date.now(),
): Promise<ReportBrandInfo> {
  let logo: { bytes: Uint8Array | null; type: string | null } | undefined;
  if (input.logo === null) logo = { bytes: null, type: null };
  else if (input.logo !== undefined) {
    const text = input.logo.replace(/^data:[^,]*,/, '');
    if (!BASE64.test(text))
      throw new AppError('input.invalid', 'Logo refused', 'The logo must be sent as base64.', {
        field: 'logo',
      });
    const image = checkLogo(new Uint8Array(Buffer.from(text, 'base64')));
    logo = { bytes: image.bytes, type: image.type };
  }
  const at = new Date(now).toISOString();
  await db.run(
    `INSERT INTO report_brands (user_id, agency_name, accent, logo, logo_type, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET agency_name = excluded.agency_name,
       accent = excluded.accent, updated_at = excluded.updated_at
       ${logo ? ', logo = excluded.logo, logo_type = excluded.logo_type' : ''}`,
    [userId, input.agencyName, input.accent, logo?.bytes ?? null, logo?.type ?? null, at],
  );
  return readReportBrand(db, userId, now);
}
