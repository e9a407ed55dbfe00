import type { ValidationResult } from '@mapsmith/core/browser';
import * as core from '@mapsmith/core/browser';

type Validator = (text: string) => ValidationResult | Promise<ValidationResult>;

/**
 * The checker's single seam to the core's browser-safe validator (spec §5 rules live in
 * core, never here). Looked up by name so the web app builds before the core checker lands;
 * until then validating fails with a clear message that the checker shows as a toast.
 */
export async function validateSitemapText(text: string): Promise<ValidationResult> {
  const validate = (core as unknown as Record<string, unknown>).validateSitemap;
  if (typeof validate !== 'function') {
    throw new Error('The sitemap validator is not available in this build.');
  }
  return (validate as Validator)(text);
}
