/**
 * Schemas of the brand of a user's client reports (issue 29 point 3, Pro): the agency's name,
 * an accent colour readable on white, and a logo uploaded as base64 (checked on the server as a
 * PNG, JPEG or WebP by its bytes). Shared by the server and the web app.
 */
import { z } from 'zod';

/** The largest logo, in bytes. */
export const MAX_LOGO_BYTES = 200 * 1024;
/** A logo's largest side, in pixels. */
export const MAX_LOGO_SIDE = 2000;
/** The least contrast of the accent colour against white (WCAG AA for text). */
export const MIN_ACCENT_CONTRAST = 4.5;

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of a `#rrggbb` colour against white, from 1 to 21. */
export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** An accent colour: `#rrggbb`, dark enough to read as text on white. */
export const accentColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The accent colour must be a hex colour like #1d4ed8')
  .refine(
    (hex) => contrastOnWhite(hex) >= MIN_ACCENT_CONTRAST,
    `The accent colour is too light to read on white: pick a darker one (contrast at least ${MIN_ACCENT_CONTRAST}:1)`,
  )
  .transform((hex) => hex.toLowerCase());

/** `brand.update` input. */
export const brandUpdateInput = z.object({
  agencyName: z
    .string()
    .trim()
    .min(1, 'Enter the agency name the report shows')
    .max(80, 'The agency name is too long (at most 80 characters)'),
  accent: accentColour,
  /**
   * The logo's bytes in base64: absent keeps the current logo, null removes it. Checked by its
   * bytes as PNG, JPEG or WebP (SVG is refused), at most 200 KB and 2000 px a side.
   */
  logo: z
    .string()
    .max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 8, 'The logo is larger than 200 KB')
    .nullable()
    .optional(),
});
/** `brand.update` input. */
export type BrandUpdateInput = z.infer<typeof brandUpdateInput>;

/** The brand as its owner sees it. */
export const reportBrandInfo = z.object({
  /** Null when the user has none yet (the reports carry Mapsmith's name). */
  agencyName: z.string().nullable(),
  accent: z.string().nullable(),
  /** The logo's media type, or null for none. */
  logoType: z.string().nullable(),
  /** Whether the brand is applied now (it is while the plan is Pro). */
  applied: z.boolean(),
});
/** The brand as its owner sees it. */
export type ReportBrandInfo = z.infer<typeof reportBrandInfo>;
