/** The sitemap checker (spec §5). Browser-safe: no Node modules. */
export { checkSitemapBytes, decodeSitemapBytes, MAX_GZIP_OUTPUT } from './decode.js';
export * as checkerMessages from './messages.js';
export {
  checkSitemap,
  MAX_DEPTH,
  MAX_INPUT_BYTES,
  MAX_SITEMAP_BYTES,
  SitemapChecker,
} from './sitemap-checker.js';
export type { CheckOptions, SitemapKind } from './types.js';
