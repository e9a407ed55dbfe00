import { operations } from '@mapsmith/core';
import { z } from 'zod';

/**
 * The download's input as a URL carries it: the contract's job id and format in the path, and
 * in the query `compress=true` for gzip (xml, xml-images, images, videos only) and `part=N`
 * for part N of a sitemap split at 50,000 URLs or 50 MB (the plain download is then the
 * sitemap index that lists the parts). A query string has no booleans, hence `compress`'s words.
 */
export const generateInput = operations['export.generate'].input.extend({
  compress: z
    .enum(['true', 'false', '1', '0'], { error: 'compress must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
