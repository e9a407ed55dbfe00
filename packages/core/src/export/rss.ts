import { rfc822Date, timeOf } from './dates.js';
import { escapeXml, toSitemapUrl } from './escape.js';
import { memorySorter } from './sorter.js';
import type { Exporter } from './types.js';

interface Item {
  link: string;
  title: string;
  time: number | null;
}

/** Most recent first; pages without a date keep crawl order after the dated ones. */
const newestFirst = (a: Item, b: Item) => (b.time ?? -1) - (a.time ?? -1);

/**
 * `rss`: RSS 2.0, one item per page (title, link, guid, pubDate when Last-Modified is known),
 * most recent first. `rssLimit` keeps the N most recent (the free plan passes 100), held in a
 * heap of N while the pages stream past; without a limit the sorter holds them (on disk in Node).
 */
export const rssExporter: Exporter = {
  format: 'rss',
  family: 'document',
  contentType: 'application/rss+xml',
  start(options, skip, sorter = memorySorter) {
    const limit = options.rssLimit === undefined ? undefined : Math.max(0, options.rssLimit);
    const items = sorter(newestFirst, limit);
    let site: URL | null = null;
    let count = 0;
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
        items.add({ link, title, time: timeOf(page.lastModified) });
        count++;
        return '';
      },
      listed: () => Math.min(count, limit ?? count),
      *body() {
        const name = options.siteTitle ?? site?.host ?? 'Site';
        const home = site ? `${site.origin}/` : 'http://localhost/';
        yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n';
        yield `<title>${escapeXml(name)}</title>\n<link>${escapeXml(home)}</link>\n`;
        yield `<description>${escapeXml(`Pages of ${name}`)}</description>\n<generator>Mapsmith</generator>\n`;
        for (const item of items.sorted()) {
          const link = escapeXml(item.link);
          const date = item.time === null ? null : rfc822Date(new Date(item.time).toISOString());
          const head = `<item><title>${escapeXml(item.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid>`;
          yield date === null ? `${head}</item>\n` : `${head}<pubDate>${date}</pubDate></item>\n`;
        }
      },
      end: () => '</channel>\n</rss>\n',
    };
  },
};
