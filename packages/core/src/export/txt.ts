import { toSitemapUrl } from './escape.js';
import type { Exporter } from './types.js';

/** `txt`: one URL per line, UTF-8, as Google's text sitemaps want. */
export const txtExporter: Exporter = {
  format: 'txt',
  family: 'document',
  contentType: 'text/plain; charset=utf-8',
  start(_options, skip) {
    return {
      head: '',
      entry(page) {
        const url = toSitemapUrl(page.finalUrl || page.url);
        if (url === null) {
          skip({ url: page.url, reason: 'not an http(s) URL' });
          return '';
        }
        return `${url}\n`;
      },
      end: () => '',
    };
  },
};
