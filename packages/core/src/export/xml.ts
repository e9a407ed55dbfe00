import type { PageRecord } from '../crawler/types.js';
import type { Exporter, ExportOptions } from './types.js';
import { alternateLinks, openUrl, URLSET_END, urlsetHead, XHTML_NS } from './urlset.js';

function priorityOf(page: PageRecord, option: ExportOptions['priority']): string | null {
  if (option === undefined) return null;
  const value = option === 'depth' ? Math.max(0.1, 1 - page.depth * 0.2) : option;
  if (!Number.isFinite(value)) return null;
  return Math.min(1, Math.max(0, value)).toFixed(1);
}

/**
 * `xml`: the standard urlset. loc; lastmod only when known; changefreq and priority only when
 * the caller asks (Google ignores both); hreflang alternates as `xhtml:link`.
 */
export const xmlExporter: Exporter = {
  format: 'xml',
  family: 'sitemap',
  contentType: 'application/xml',
  start(options, skip) {
    const changefreq = options.changefreq ? `<changefreq>${options.changefreq}</changefreq>` : '';
    return {
      head: urlsetHead({ xhtml: XHTML_NS }),
      entry(page) {
        const open = openUrl(page, skip);
        if (open === null) return '';
        const priority = priorityOf(page, options.priority);
        const tail = priority === null ? '' : `<priority>${priority}</priority>`;
        const links = page.hreflang.length > 0 ? alternateLinks(page) : '';
        return `${open}${changefreq}${tail}${links}</url>\n`;
      },
      end: () => URLSET_END,
    };
  },
};
