import { operations, schemas } from '@mapsmith/core';
import { z } from 'zod';

/** Path parameters of `GET /api/generate/:jobId/:format`: the contract's job id and format. */
export const generateParams = operations['export.generate'].input.pick({
  jobId: true,
  format: true,
});

/**
 * Query of the download: `compress=true` asks for gzip (xml, xml-images, images, videos only);
 * `part=N` asks for part N of a sitemap split at 50,000 URLs or 50 MB (the plain download is
 * then the sitemap index that lists the parts).
 */
export const generateQuery = z.object({
  compress: z
    .enum(['true', 'false', '1', '0'], { error: 'compress must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  part: schemas.exportPart.optional(),
});
