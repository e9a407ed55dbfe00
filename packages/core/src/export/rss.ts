import { rfc822Date, timeOf } from './dates.js';
import { escapeXml, toSitemapUrl } from './escape.js';
import type { Exporter } from './types.js';

interface Item {
  link: string;
  title: string;
  time: number | null;
  order: number;
}

/**
 * `rss`: RSS 2.0, one item per page (title, link, guid, pubDate when Last-Modified is known),
 * most recent first. `rssLimit` keeps the N most recent (the free plan passes 100).
 */
export const rssExporter: Exporter = {
  format: 'rss',
  family: 'document',
  contentType: 'application/rss+xml',
  start(options, skip) {
    const items: Item[] = [];
    let site: URL | null = null;
    return {
      head: '',
      entry(page) {
        const link = toSitemapUrl(page.finalUrl || page.url);
        if (link === null) {
          skip({ url: page.url, reason: 'not an http(s) URL' });
          return '';
        }
        site ??= new URL(link);
        const title = page.title?.trim() || link;
        items.push({ link, title, time: timeOf(page.lastModified), order: items.length });
        return '';
      },
      listed: () => Math.min(items.length, Math.max(0, options.rssLimit ?? items.length)),
      end() {
        // Most recent first; pages without a date keep crawl order after the dated ones.
        items.sort((a, b) => (b.time ?? -1) - (a.time ?? -1) || a.order - b.order);
        const limit = options.rssLimit ?? items.length;
        const name = options.siteTitle ?? site?.host ?? 'Site';
        const home = site ? `${site.origin}/` : 'http://localhost/';
        let out = '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n';
        out += `<title>${escapeXml(name)}</title>\n<link>${escapeXml(home)}</link>\n`;
        out += `<description>${escapeXml(`Pages of ${name}`)}</description>\n<generator>Mapsmith</generator>\n`;
        for (const item of items.slice(0, Math.max(0, limit))) {
          const link = escapeXml(item.link);
          const date = item.time === null ? null : rfc822Date(new Date(item.time).toISOString());
          out += `<item><title>${escapeXml(item.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid>`;
          out += date === null ? '</item>\n' : `<pubDate>${date}</pubDate></item>\n`;
        }
        return `${out}</channel>\n</rss>\n`;
      },
    };
  },
};
