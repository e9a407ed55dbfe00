import type { Exporter } from './types.js';
import { IMAGE_NS, imageElements, openUrl, URLSET_END, urlsetHead } from './urlset.js';

/** `xml-images`: every listed URL, each with its images (`image:image`/`image:loc`, at most 1,000). */
export const xmlImagesExporter: Exporter = {
  format: 'xml-images',
  family: 'sitemap',
  contentType: 'application/xml',
  start(_options, skip) {
    return {
      head: urlsetHead({ image: IMAGE_NS }),
      entry(page) {
        const open = openUrl(page, skip);
        return open === null ? '' : `${open}${imageElements(page)}</url>\n`;
      },
      end: () => URLSET_END,
    };
  },
};
