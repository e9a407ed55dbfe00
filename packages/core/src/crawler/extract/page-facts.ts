/**
 * Turns the raw facts of one HTML pass plus the response headers into the record fields and
 * the absolute links to follow.
 */
import type {
  ClientRedirect,
  HreflangAlternate,
  PageImage,
  PageRecord,
  PageVideo,
} from '../types.js';
import { extractHtml, type RawFacts } from './html-extractor.js';
import { type HrefResolver, hrefResolver } from './resolve-href.js';
import { readJsonLd } from './structured-data.js';

/** A link to follow, absolute. */
export interface FoundLink {
  /** Absolute URL (not yet normalized). */
  url: string;
  /** Carries rel=nofollow. */
  nofollow: boolean;
  /** How it was found. */
  via: 'anchor' | 'rel' | 'iframe' | 'alternate' | 'canonical' | 'redirect';
}

/** The facts of a page, ready for its record. */
export type PageFacts = Pick<
  PageRecord,
  | 'title'
  | 'metaDescription'
  | 'h1'
  | 'canonical'
  | 'robots'
  | 'hreflang'
  | 'images'
  | 'videos'
  | 'structuredData'
  | 'mixedContent'
> & {
  /** Links to follow. */
  links: FoundLink[];
  /** App-shell signals. */
  shell: RawFacts['shell'];
  /** Count of anchors on the page. */
  anchorCount: number;
  /** Hash of the page's main text, or null without text. */
  fingerprint: string | null;
  /** The modification date the page states, ISO 8601 (see `pageModified`), or null. */
  modified: string | null;
  /** Where the page redirects the browser at once (absolute), and how; null when it does not. */
  clientRedirect: ClientRedirect | null;
};

/**
 * Whether a page is nothing but a way on: almost no text and links. Only such a page counts as
 * a script redirect (a script that sets `location` in a click handler on a real page is not one).
 */
export function isRedirectOnly(facts: Pick<PageFacts, 'shell' | 'anchorCount'>): boolean {
  return facts.anchorCount <= 3 && facts.shell.textLength <= 500;
}

/**
 * A client-side redirect counts only on a page that is nothing else: a zero-delay refresh, or a
 * redirect script on a page with almost no text and links (a script that sets `location` in a
 * click handler on a real page is not one).
 */
function clientRedirect(
  raw: RawFacts,
  resolve: HrefResolver,
  anchors: number,
): PageFacts['clientRedirect'] {
  const found = raw.clientRedirect;
  if (!found) return null;
  if (found.via === 'script' && !isRedirectOnly({ shell: raw.shell, anchorCount: anchors }))
    return null;
  const url = resolve(found.href);
  return url && /^https?:/.test(url) ? { via: found.via, url, seen: 'html' } : null;
}

/** A date as ISO 8601, or null when it does not parse or lies more than a day ahead. */
function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value.trim());
  if (Number.isNaN(t) || t > Date.now() + 86_400_000) return null;
  return new Date(t).toISOString();
}

/**
 * The page's own modification date, read in this order (README "lastmod"): the
 * `article:modified_time` meta tag, JSON-LD `dateModified`, `<time itemprop="dateModified">`,
 * then the first `<time datetime>` in an `<article>`. The first that parses wins; without one
 * the record keeps the server's Last-Modified. A static site's deploy rewrites Last-Modified on
 * every file, so the page's own statement is the better date.
 */
export function pageModified(raw: RawFacts, jsonLdModified: string | null): string | null {
  return (
    isoDate(raw.dates.metaModified) ??
    isoDate(jsonLdModified) ??
    isoDate(raw.dates.timeModified) ??
    isoDate(raw.dates.articleTime)
  );
}

const MAX_IMAGES = 1000;

/** Parses `X-Robots-Tag` values; directives for another named bot are ignored. */
export function parseRobotsHeader(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split(',')) {
    const token = part.trim().toLowerCase();
    const named = /^([a-z0-9_-]+)\s*:\s*(.+)$/.exec(token);
    if (
      named &&
      !['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview'].includes(
        named[1] ?? '',
      )
    ) {
      if (named[1] === 'mapsmithbot') out.push((named[2] ?? '').trim());
    } else if (token) out.push(token);
  }
  return out;
}

/** Reads `Link` header entries (`<url>; rel="canonical"`, hreflang alternates). */
export function parseLinkHeader(
  value: string | undefined,
  base: URL,
): { canonical: string | null; hreflang: HreflangAlternate[] } {
  const result = { canonical: null as string | null, hreflang: [] as HreflangAlternate[] };
  if (!value) return result;
  const resolve = hrefResolver(base);
  for (const m of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const params = m[2] ?? '';
    const rel = /rel\s*=\s*"?([^";]+)"?/i.exec(params)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    const href = resolve(m[1] ?? '');
    if (!href) continue;
    if (rel.includes('canonical') && !result.canonical) result.canonical = href;
    const lang = /hreflang\s*=\s*"?([^";]+)"?/i.exec(params)?.[1];
    if (rel.includes('alternate') && lang) result.hreflang.push({ hreflang: lang, href });
  }
  return result;
}

const YOUTUBE = /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/;

/** YouTube's own still of an embedded video, so an embed has a thumbnail without JSON-LD. */
function youtubeThumbnail(playerUrl: string | null): string | null {
  const id = playerUrl ? YOUTUBE.exec(playerUrl)?.[1] : undefined;
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

/**
 * The page's videos for the video sitemap (issue 18): each `<video>` or embedded player takes
 * the page's title and meta description unless it has its own, its poster as thumbnail and its
 * source as content location; a JSON-LD VideoObject about the same video (same content or
 * embed URL, or the only one of each on the page) fills in over them. Other VideoObjects are
 * videos of their own.
 */
function pageVideos(raw: RawFacts, resolve: HrefResolver, structured: PageVideo[]): PageVideo[] {
  const videos: PageVideo[] = raw.videos.map((v) => {
    const playerUrl = v.playerUrl ? resolve(v.playerUrl) : null;
    return {
      contentUrl: v.contentUrl ? resolve(v.contentUrl) : null,
      playerUrl,
      thumbnailUrl:
        (v.thumbnailUrl ? resolve(v.thumbnailUrl) : null) ?? youtubeThumbnail(playerUrl),
      title: v.title ?? raw.title,
      description: raw.metaDescription || null,
      durationSeconds: null,
      publicationDate: null,
    };
  });
  const fromTags = videos.length;
  for (const data of structured) {
    const same =
      videos.find(
        (v, i) =>
          i < fromTags &&
          ((data.contentUrl !== null && v.contentUrl === data.contentUrl) ||
            (data.playerUrl !== null && v.playerUrl === data.playerUrl)),
      ) ?? (fromTags === 1 && structured.length === 1 ? videos[0] : undefined);
    if (!same) {
      videos.push(data);
      continue;
    }
    for (const key of Object.keys(data) as (keyof PageVideo)[])
      if (data[key] !== null) (same as Record<keyof PageVideo, unknown>)[key] = data[key];
  }
  return videos;
}

/**
 * The schema.org types a page declares: its JSON-LD types (distinct already), then its
 * microdata types without the schema.org prefix, each once. Few pages have microdata: they
 * take a call of their own, so their arrays of strings do not deoptimise `pageFacts`, which
 * is compiled for the empty list every other page has.
 */
function structuredTypes(jsonLd: string[], microdata: string[]): string[] {
  return microdata.length === 0 ? jsonLd : withMicrodata(jsonLd, microdata);
}

function withMicrodata(jsonLd: string[], microdata: string[]): string[] {
  const types = new Set(jsonLd);
  for (const t of microdata) types.add(t.replace(/^https?:\/\/schema\.org\//, ''));
  return [...types];
}

/** Extracts the facts of an HTML page fetched from `pageUrl` with these response headers. */
export function pageFacts(
  html: string,
  pageUrl: string,
  headers: Record<string, string>,
): PageFacts {
  const raw = extractHtml(html);
  const page = new URL(pageUrl);
  let base = page;
  if (raw.baseHref) {
    try {
      base = new URL(raw.baseHref, page);
    } catch {
      // An unusable <base href> is ignored, as browsers do.
    }
  }
  const resolve = hrefResolver(base);
  const header = parseLinkHeader(headers.link, page);
  const headerRobots = parseRobotsHeader(headers['x-robots-tag']);
  const all = [...raw.robotsMeta, ...headerRobots];
  const links: FoundLink[] = [];
  for (const l of raw.links) {
    const url = resolve(l.href);
    if (url) links.push({ url, nofollow: l.nofollow, via: l.via });
  }
  const canonical = raw.canonical ? resolve(raw.canonical) : header.canonical;
  if (canonical) links.push({ url: canonical, nofollow: false, via: 'canonical' });
  const hreflang: HreflangAlternate[] = [...header.hreflang];
  for (const h of raw.hreflang) {
    const href = resolve(h.href);
    if (href && !hreflang.some((x) => x.hreflang === h.hreflang && x.href === href))
      hreflang.push({ hreflang: h.hreflang, href });
  }
  for (const h of header.hreflang) links.push({ url: h.href, nofollow: false, via: 'alternate' });
  const images: PageImage[] = [];
  const seenImages = new Set<string>();
  for (const img of raw.images) {
    const src = resolve(img.src);
    if (!src || seenImages.has(src) || images.length >= MAX_IMAGES) continue;
    seenImages.add(src);
    images.push({ src, alt: img.alt });
  }
  const jsonLd = readJsonLd(raw.jsonLd, base.href);
  const videos = pageVideos(raw, resolve, jsonLd.videos);
  const anchorCount = raw.links.filter((l) => l.via === 'anchor').length;
  const mixedContent =
    page.protocol === 'https:'
      ? raw.subresources.filter((s) => resolve(s)?.startsWith('http:')).length
      : 0;
  return {
    title: raw.title,
    metaDescription: raw.metaDescription,
    h1: raw.h1,
    canonical,
    robots: {
      meta: raw.robotsMeta,
      header: headerRobots,
      noindex: all.includes('noindex') || all.includes('none'),
      nofollow: all.includes('nofollow') || all.includes('none'),
    },
    hreflang,
    images,
    videos,
    structuredData: {
      jsonLd: jsonLd.present,
      microdata: raw.microdata,
      types: structuredTypes(jsonLd.types, raw.microdataTypes),
    },
    mixedContent,
    links,
    shell: raw.shell,
    anchorCount,
    modified: pageModified(raw, jsonLd.dateModified),
    fingerprint: raw.fingerprint,
    clientRedirect: clientRedirect(raw, resolve, anchorCount),
  };
}
