import { plural } from '../text/counts.js';
import { escapeXml, toSitemapUrl } from './escape.js';
import { memorySorter } from './sorter.js';
import type { Exporter } from './types.js';

interface Link {
  group: string;
  href: string;
  path: string;
  title: string;
}

function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    // A malformed escape stays as it is; the link itself is still right.
    return text;
  }
}

function groupOf(url: URL, mainHost: string): string {
  const parts = url.pathname.split('/');
  const first = parts[1] ?? '';
  const segment = parts.length > 2 && first ? `/${decoded(first)}/` : '/';
  return url.host === mainHost ? segment : `${url.host}${segment}`;
}

/** Groups by name (code unit order), then pages by path (locale order) within a group. */
function byGroupThenPath(a: Link, b: Link): number {
  if (a.group !== b.group) return a.group < b.group ? -1 : 1;
  return a.path.localeCompare(b.path);
}

/**
 * `html`: a readable, accessible page listing the site's pages with their titles, grouped by
 * the first path segment (one heading and list per group), sorted by path. The pages wait in
 * the sorter (on disk in Node) and are written group by group as they come back in order.
 */
export const htmlExporter: Exporter = {
  format: 'html',
  family: 'document',
  contentType: 'text/html; charset=utf-8',
  start(options, skip, sorter = memorySorter) {
    const links = sorter(byGroupThenPath);
    let mainHost = '';
    let total = 0;
    return {
      head: '',
      entry(page) {
        const href = toSitemapUrl(page.finalUrl || page.url);
        if (href === null) {
          skip({ url: page.url, reason: 'not an http(s) URL' });
          return '';
        }
        const url = new URL(href);
        mainHost ||= url.host;
        const path = decoded(url.pathname + url.search);
        links.add({ group: groupOf(url, mainHost), href, path, title: page.title?.trim() || path });
        total++;
        return '';
      },
      listed: () => total,
      *body() {
        const name = escapeXml(options.siteTitle ?? (mainHost || 'this site'));
        yield `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sitemap of ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}a{color:#0645ad}.path{color:#555;font-size:.875rem}li{margin:.25rem 0}</style>
</head>
<body>
<header><h1>Sitemap of ${name}</h1><p>${plural(total, 'page')}</p></header>
<main>
<nav aria-label="Sitemap">
`;
        let group: string | null = null;
        let index = 0;
        for (const link of links.sorted()) {
          if (link.group !== group) {
            if (group !== null) yield '</ul>\n</section>\n';
            group = link.group;
            const id = `group-${++index}`;
            yield `<section aria-labelledby="${id}">\n<h2 id="${id}">${escapeXml(group)}</h2>\n<ul>\n`;
          }
          yield `<li><a href="${escapeXml(link.href)}">${escapeXml(link.title)}</a> <span class="path">${escapeXml(link.path)}</span></li>\n`;
        }
        if (group !== null) yield '</ul>\n</section>\n';
      },
      end: () => '</nav>\n</main>\n</body>\n</html>\n',
    };
  },
};
