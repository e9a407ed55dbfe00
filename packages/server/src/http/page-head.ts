import { escapeXml, headForPath, NOT_FOUND_META, type PageHead } from '@mapsmith/core';

/** The favicon: an inline SVG, so it needs no build step and no binary in the repository. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><path d="M16 44V20l16 14 16-14v24" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>';

const attr = (value: string) => escapeXml(value);

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The head tags of one page path, as the server writes them into `index.html`: title,
 * description, canonical, Open Graph and Twitter tags, robots (noindex on account pages and
 * the 404), the favicon, and JSON-LD: an Article on guides, the WebSite on the home page and a
 * WebPage on every other public page. Crawlers and link previews read them without running
 * JavaScript; the web app sets the same values on navigation.
 */
export function headTags(pathname: string, origin: string): { title: string; tags: string } {
  const head = headForPath(pathname);
  const meta: PageHead = head ?? NOT_FOUND_META;
  const canonical = head ? `${origin}${head.canonicalPath}` : null;
  const tags = [
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<meta name="robots" content="${meta.noindex ? 'noindex' : 'index, follow'}" />`,
    canonical ? `<link rel="canonical" href="${attr(canonical)}" />` : '',
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${attr(canonical)}" />` : '',
    `<meta property="og:type" content="${head?.guide ? 'article' : 'website'}" />`,
    '<meta property="og:site_name" content="Mapsmith" />',
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${attr(meta.title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
  ];
  const site = { '@type': 'WebSite', name: 'Mapsmith', url: `${origin}/` };
  if (head?.guide && canonical) {
    tags.push(
      `<script type="application/ld+json">${jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: head.guide.title,
        description: head.guide.description,
        articleSection: head.guide.category,
        wordCount: head.guide.words,
        url: canonical,
        mainEntityOfPage: canonical,
        publisher: { '@type': 'Organization', name: 'Mapsmith', url: `${origin}/` },
      })}</script>`,
    );
  } else if (head && !head.noindex && canonical) {
    // Every other public page says what it is and whose site it belongs to (a data block, not a
    // script: the CSP's no-inline-scripts rule is not touched).
    tags.push(
      `<script type="application/ld+json">${jsonLd(
        head.canonicalPath === '/'
          ? { '@context': 'https://schema.org', ...site, description: head.description }
          : {
              '@context': 'https://schema.org',
              '@type': 'WebPage',
              name: head.title,
              description: head.description,
              url: canonical,
              isPartOf: site,
            },
      )}</script>`,
    );
  }
  return { title: meta.title, tags: tags.filter(Boolean).join('\n    ') };
}

/**
 * `index.html` with the page's own head: the built file's title and description are replaced,
 * the other tags are added before `</head>`.
 */
export function withHead(html: string, pathname: string, origin: string): string {
  const { title, tags } = headTags(pathname, origin);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${attr(title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${tags}\n  </head>`);
}
