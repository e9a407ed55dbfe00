/**
 * One streaming pass over an HTML document with htmlparser2's Parser (no DOM is built): the
 * raw facts of the page, URLs still relative. `resolve-facts.ts` turns them into record fields.
 */
import { Parser } from 'htmlparser2';
import { type ContentFingerprint, createContentFingerprint } from './content-fingerprint.js';
import { FastTextTokenizer } from './fast-text-tokenizer.js';
import { imgSource, sourceSource } from './image-source.js';
import { isExecutableScript } from './script-type.js';

/** A link found on the page, unresolved. */
export interface RawLink {
  /** The attribute value as written. */
  href: string;
  /** `rel=nofollow` (or `ugc`/`sponsored`) on the link. */
  nofollow: boolean;
  /** How it was found: an anchor or area, a `<link rel=next|prev>`, an iframe, an hreflang. */
  via: 'anchor' | 'rel' | 'iframe' | 'alternate';
}

/** A video as written on the page, unresolved. */
export interface RawVideo {
  /** Media file. */
  contentUrl: string | null;
  /** Player or embed page. */
  playerUrl: string | null;
  /** Poster or thumbnail. */
  thumbnailUrl: string | null;
  /** Title. */
  title: string | null;
}

/** Everything one pass over the HTML collects. */
export interface RawFacts {
  /** `<base href>`. */
  baseHref: string | null;
  /** `<title>` text. */
  title: string | null;
  /** `<meta name=description>`. */
  metaDescription: string | null;
  /** Text of the first `<h1>`. */
  h1: string | null;
  /** `<link rel=canonical href>`. */
  canonical: string | null;
  /** Directives of `<meta name=robots|mapsmithbot>`, lower case. */
  robotsMeta: string[];
  /** Links worth following. */
  links: RawLink[];
  /** hreflang alternates. */
  hreflang: { hreflang: string; href: string }[];
  /** Images. */
  images: { src: string; alt: string | null }[];
  /** Videos from tags and embeds. */
  videos: RawVideo[];
  /** Text of every JSON-LD script. */
  jsonLd: string[];
  /** Microdata `itemtype`s (and whether any `itemscope` exists). */
  microdataTypes: string[];
  /** Whether any `itemscope` attribute exists. */
  microdata: boolean;
  /** Subresource URLs (img, script, stylesheet, iframe, media), for mixed-content counting. */
  subresources: string[];
  /**
   * Where the page sends the browser at once: a `<meta http-equiv="refresh">` with no delay, or
   * an inline script that assigns `location` / calls `location.replace` or `location.assign`. Unresolved.
   */
  clientRedirect: { via: 'meta refresh' | 'script'; href: string } | null;
  /** Modification dates the page states (see `pageModified` for the order they are read in). */
  dates: {
    /** `<meta property="article:modified_time">` (or `og:updated_time`). */
    metaModified: string | null;
    /** `<time itemprop="dateModified" datetime>`. */
    timeModified: string | null;
    /** The first `<time datetime>` inside an `<article>`. */
    articleTime: string | null;
  };
  /** Hash of the page's main text (see `content-fingerprint.ts`), or null without text. */
  fingerprint: string | null;
  /** App-shell signals for the render decision. */
  shell: {
    rootId: string | null;
    frameworkAttr: boolean;
    scripts: number;
    noscriptJs: boolean;
    textLength: number;
    /** A module script, or inline scripts of 20,000 characters or more (an inlined bundle). */
    bundle: boolean;
  };
}

/** Inline script text from which a page counts as carrying its app bundle. */
const INLINE_BUNDLE_CHARS = 20_000;

const ROOT_IDS = new Set([
  'root',
  'app',
  '__next',
  '__nuxt',
  '___gatsby',
  'svelte',
  'main-app',
  'q-app',
]);
const EMBED =
  /^(https?:)?\/\/(www\.)?(youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/|(www\.)?dailymotion\.com\/embed\/)/i;
const NOFOLLOW = /\b(nofollow|ugc|sponsored)\b/i;
const REFRESH = /^\s*(\d+)\s*[;,]\s*url\s*=\s*['"]?([^'"]+)/i;
// `location.replace("x")`, `location.assign("x")`, `location = "x"`, `location.href = "x"`
// (window./document. or not).
const SCRIPT_REDIRECT =
  /(?:^|[\s;{(])(?:(?:window|document|top|self)\.)?location\.(?:replace|assign)\(\s*["'`]([^"'`]+)["'`]\s*\)|(?:^|[\s;{(])(?:(?:window|document|top|self)\.)?location(?:\.href)?\s*=\s*["'`]([^"'`]+)["'`]/;
const MAX_SCRIPT = 4096;

/** Parses an HTML document in one streaming pass. */
export function extractHtml(html: string): RawFacts {
  const facts: RawFacts = {
    baseHref: null,
    title: null,
    metaDescription: null,
    h1: null,
    canonical: null,
    robotsMeta: [],
    links: [],
    hreflang: [],
    images: [],
    videos: [],
    jsonLd: [],
    microdataTypes: [],
    microdata: false,
    subresources: [],
    dates: { metaModified: null, timeModified: null, articleTime: null },
    clientRedirect: null,
    fingerprint: null,
    shell: {
      rootId: null,
      frameworkAttr: false,
      scripts: 0,
      noscriptJs: false,
      textLength: 0,
      bundle: false,
    },
  };
  let capture: 'title' | 'h1' | 'jsonld' | 'noscript' | null = null;
  let inScript = false;
  let scriptChars = 0;
  let buffer = '';
  let skipText = 0;
  let video: RawVideo | null = null;
  let pictureSources: string[] = [];
  let inArticle = 0;
  // Inline script text, read only up to a few KiB: a redirect script is short.
  let script: string | null = null;
  const words: ContentFingerprint = createContentFingerprint();

  const parser = new Parser(
    {
      onopentag(name, a) {
        words.open(name, a.role);
        if (a.itemscope !== undefined) facts.microdata = true;
        if (a.itemtype)
          for (const type of a.itemtype.split(/\s+/)) if (type) facts.microdataTypes.push(type);
        if (a.id && ROOT_IDS.has(a.id) && !facts.shell.rootId) facts.shell.rootId = a.id;
        if (
          a['ng-version'] !== undefined ||
          a['ng-app'] !== undefined ||
          a['data-reactroot'] !== undefined
        )
          facts.shell.frameworkAttr = true;
        switch (name) {
          case 'a':
          case 'area':
            if (a.href !== undefined && a.download === undefined)
              facts.links.push({
                href: a.href,
                nofollow: NOFOLLOW.test(a.rel ?? ''),
                via: 'anchor',
              });
            break;
          case 'base':
            if (a.href && facts.baseHref === null) facts.baseHref = a.href;
            break;
          case 'link': {
            const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
            if (!a.href) break;
            if (rel.includes('canonical') && facts.canonical === null) facts.canonical = a.href;
            if (rel.includes('alternate') && a.hreflang) {
              facts.hreflang.push({ hreflang: a.hreflang.trim(), href: a.href });
              facts.links.push({ href: a.href, nofollow: false, via: 'alternate' });
            } else if (rel.includes('alternate') && (!a.type || a.type.includes('html')))
              // Other alternate HTML versions (mobile, print); feeds (RSS, Atom) are not pages.
              facts.links.push({ href: a.href, nofollow: false, via: 'alternate' });
            if (rel.includes('next') || rel.includes('prev') || rel.includes('previous'))
              facts.links.push({ href: a.href, nofollow: false, via: 'rel' });
            if (rel.includes('stylesheet')) facts.subresources.push(a.href);
            break;
          }
          case 'meta': {
            if (
              (a['http-equiv'] ?? '').toLowerCase() === 'refresh' &&
              facts.clientRedirect === null
            ) {
              const m = REFRESH.exec(a.content ?? '');
              if (m?.[2] && Number(m[1]) === 0)
                facts.clientRedirect = { via: 'meta refresh', href: m[2].trim() };
            }
            const property = (a.property ?? '').toLowerCase();
            if (
              (property === 'article:modified_time' || property === 'og:updated_time') &&
              a.content &&
              facts.dates.metaModified === null
            )
              facts.dates.metaModified = a.content.trim();
            const metaName = (a.name ?? '').toLowerCase();
            if (metaName === 'description' && facts.metaDescription === null)
              facts.metaDescription = (a.content ?? '').trim();
            if ((metaName === 'robots' || metaName === 'mapsmithbot') && a.content)
              for (const directive of a.content.toLowerCase().split(',')) {
                const trimmed = directive.trim();
                if (trimmed) facts.robotsMeta.push(trimmed);
              }
            break;
          }
          case 'title':
            if (facts.title === null) capture = 'title';
            break;
          case 'article':
            inArticle++;
            break;
          case 'time':
            if (!a.datetime) break;
            if (/\bdateModified\b/.test(a.itemprop ?? '')) facts.dates.timeModified ??= a.datetime;
            else if (inArticle > 0) facts.dates.articleTime ??= a.datetime;
            break;
          case 'h1':
            if (facts.h1 === null) capture = 'h1';
            break;
          case 'script':
            // Data blocks (JSON-LD) are no app signal (walkthrough defect 20).
            if (isExecutableScript(a.type)) facts.shell.scripts++;
            if (a.src) facts.subresources.push(a.src);
            if ((a.type ?? '').toLowerCase() === 'module') facts.shell.bundle = true;
            if ((a.type ?? '').toLowerCase() === 'application/ld+json') capture = 'jsonld';
            else {
              skipText++;
              if (!a.src && facts.clientRedirect === null) script = '';
              inScript = true;
            }
            break;
          case 'style':
          case 'template':
            skipText++;
            break;
          case 'noscript':
            capture = 'noscript';
            break;
          case 'img': {
            const src = imgSource(a);
            if (src) {
              facts.images.push({ src, alt: a.alt ?? null });
              facts.subresources.push(src);
            }
            for (const s of pictureSources) facts.images.push({ src: s, alt: a.alt ?? null });
            pictureSources = [];
            break;
          }
          case 'source': {
            if (video && a.src && !video.contentUrl) {
              video.contentUrl = a.src;
              break;
            }
            const s = video ? null : sourceSource(a);
            if (s) pictureSources.push(s);
            break;
          }
          case 'video':
            video = {
              contentUrl: a.src || null,
              playerUrl: null,
              thumbnailUrl: a.poster || null,
              title: a.title || null,
            };
            if (a.src) facts.subresources.push(a.src);
            break;
          case 'iframe':
            if (!a.src) break;
            facts.subresources.push(a.src);
            if (EMBED.test(a.src))
              facts.videos.push({
                contentUrl: null,
                playerUrl: a.src,
                thumbnailUrl: null,
                title: a.title || null,
              });
            else facts.links.push({ href: a.src, nofollow: false, via: 'iframe' });
            break;
        }
      },
      ontext(text) {
        if (script !== null && script.length < MAX_SCRIPT) script += text;
        if (capture) buffer += text;
        else if (skipText === 0) facts.shell.textLength += text.trim().length;
        if (skipText === 0 && capture !== 'jsonld' && capture !== 'noscript') words.add(text);
        else if (inScript) {
          scriptChars += text.length;
          if (scriptChars >= INLINE_BUNDLE_CHARS) facts.shell.bundle = true;
        }
      },
      onclosetag(name) {
        words.close(name);
        if (name === 'script' || name === 'style' || name === 'template') {
          if (name === 'script') inScript = false;
          if (capture === 'jsonld' && name === 'script') {
            facts.jsonLd.push(buffer);
            capture = null;
            buffer = '';
          } else if (skipText > 0) skipText--;
          if (script !== null && name === 'script') {
            const m = SCRIPT_REDIRECT.exec(script);
            const href = m?.[1] ?? m?.[2];
            if (href) facts.clientRedirect = { via: 'script', href };
            script = null;
          }
          return;
        }
        if (name === 'video' && video) {
          facts.videos.push(video);
          video = null;
        }
        if (name === 'picture') pictureSources = [];
        if (name === 'article' && inArticle > 0) inArticle--;
        if (capture && name === capture) {
          const text = buffer.replace(/\s+/g, ' ').trim();
          if (capture === 'title') facts.title = text;
          if (capture === 'h1') facts.h1 = text;
          if (capture === 'noscript' && /javascript|enable js/i.test(text))
            facts.shell.noscriptJs = true;
          capture = null;
          buffer = '';
        }
      },
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      Tokenizer: FastTextTokenizer,
    },
  );
  parser.end(html);
  facts.fingerprint = words.digest();
  return facts;
}
