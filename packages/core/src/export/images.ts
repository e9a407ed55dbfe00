import type { Exporter } from './types.js';
import { IMAGE_NS, imageElements, openUrl, URLSET_END, urlsetHead } from './urlset.js';

/**
 * `images`: an image-only sitemap: only URLs that have images, each with `image:image`/`image:loc`
 * (at most 1,000). Caption, title, license and geo_location are deprecated and never written.
 */
export const imagesExporter: Exporter = {
  format: 'images',
  family: 'sitemap',
  contentType: 'application/xml',
  start(_options, skip) {
    return {
      head: urlsetHead({ image: IMAGE_NS }),
      entry(page) {
        if (page.images.length === 0) return '';
        const images = imageElements(page);
        if (images === '') return '';
        const open = openUrl(page, skip);
        return open === null ? '' : `${open}${images}</url>\n`;
      },
      end: () => URLSET_END,
    };
  },
};
