import {
  checkSitemap,
  checkSitemapBytes,
  decodeSitemapBytes,
  type ValidationResult,
} from '@mapsmith/core/browser';

/**
 * The checker's single seam to the core's browser-safe validator: every rule of spec §5 lives
 * in core, none here.
 */

/** Validates sitemap text fetched through `/api/fetch-sitemap`; `sitemapUrl` is where it lives. */
export function validateSitemapText(text: string, sitemapUrl?: string): ValidationResult {
  return checkSitemap(text, sitemapUrl ? { sitemapUrl } : {});
}

/** Validates an uploaded file's bytes (streamed, BOM and encoding handled by the core). */
export async function validateSitemapFile(file: File): Promise<ValidationResult> {
  return checkSitemapBytes(new Uint8Array(await file.arrayBuffer()));
}

/** An uploaded file's sitemap text (gzip inflated, UTF-8 decoded), for the Pro audit. */
export async function sitemapFileText(file: File): Promise<string> {
  let text = '';
  for await (const chunk of decodeSitemapBytes(new Uint8Array(await file.arrayBuffer())))
    text += chunk;
  return text;
}
