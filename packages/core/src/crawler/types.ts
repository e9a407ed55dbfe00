/**
 * The crawl result: what the crawler records for every URL it met, and the run summary.
 * Exporters, the SEO analysis, the server's job store and the desktop app all read these
 * shapes; they are plain JSON so they travel over HTTP, IPC and JSON Lines unchanged.
 */

/** How a page was rendered or fetched. */
export type RenderMode = 'auto' | 'never' | 'always';

/** Which URLs count as "the site" (see `crawler/scope.ts` for the diagram). */
export type ScopeMode = 'host' | 'domain' | 'origin';

/** One hop of a redirect chain: the URL that answered and its 3xx status. */
export interface RedirectHop {
  /** The URL that answered with a redirect. */
  url: string;
  /** Its 3xx status. */
  status: number;
}

/** An `<img>` (or `<picture><source>`) found on a page. */
export interface PageImage {
  /** Absolute image URL. */
  src: string;
  /** The alt text; `null` when the attribute is absent (an empty alt is `''`, decorative). */
  alt: string | null;
}

/** A video found on a page (`<video>`, an embed, or VideoObject structured data). */
export interface PageVideo {
  /** Absolute URL of the media file, when the page gives one. */
  contentUrl: string | null;
  /** Absolute URL of a player page or embed, when the page gives one. */
  playerUrl: string | null;
  /** Absolute thumbnail URL (`poster`, or `thumbnailUrl` of VideoObject). */
  thumbnailUrl: string | null;
  /** Title, where the page has one for the video. */
  title: string | null;
  /** Description, where the page has one for the video. */
  description: string | null;
  /** Duration in seconds, when known. */
  durationSeconds: number | null;
  /** Upload or publication date (ISO 8601), when known. */
  publicationDate: string | null;
}

/** An hreflang alternate declared by a page (`<link rel=alternate hreflang>` or header). */
export interface HreflangAlternate {
  /** The language (and optional region) code, or `x-default`. */
  hreflang: string;
  /** Absolute URL of the alternate. */
  href: string;
}

/**
 * A client-side redirect: a 200 page that only sends the browser on at once, by a zero-delay
 * `<meta http-equiv="refresh">` or by a script (`location.replace/assign/href =`).
 */
export interface ClientRedirect {
  /** How it sends the browser on. */
  via: 'meta refresh' | 'script';
  /** The absolute target. */
  url: string;
  /** Where it was seen: in the fetched HTML, or when the page was rendered (the browser left). */
  seen: 'html' | 'render';
}

/** A URL that did not answer in time: the limit of one try, and how many tries were made. */
export interface TimedOut {
  /** The limit of the first try (the crawl's `pageTimeoutMs`), in ms. */
  limitMs: number;
  /** Tries made (the first, and at most one short retry). */
  tries: number;
}

/** Why a URL is not listed in the sitemap. One code per rule of decisions.md. */
export type ExclusionCode =
  | 'redirect'
  | 'status'
  | 'timeout'
  | 'robots'
  | 'noindex'
  | 'canonical'
  | 'content-type'
  | 'query'
  | 'out-of-scope'
  | 'pattern'
  | 'error'
  | 'bound';

/** The decision for one URL: listed in the sitemap, or kept out with its reason. */
export type Verdict =
  | { included: true }
  | {
      included: false;
      /** Machine-readable rule that excluded it; the summary counts by this code. */
      code: ExclusionCode;
      /** Human text as decisions.md writes it, e.g. "excluded: canonical -> /x". */
      reason: string;
    };

/**
 * What the crawler learnt about one URL from the URL itself: a {@link PageRecord} without the
 * link-graph fields, which only the whole crawl knows. The `page` event and
 * `CrawlStore.savePage` carry this; only `CrawlStore.pages()` yields complete records, so code
 * that keeps page events as complete records does not compile.
 */
export type CrawledPage = Omit<PageRecord, 'inlinks' | 'linkedFrom'>;

/** Everything the crawler learnt about one URL it met, the link graph merged in. */
export interface PageRecord {
  /** The URL as requested (after normalization). */
  url: string;
  /** The URL that finally answered, after redirects (equal to `url` without redirects). */
  finalUrl: string;
  /** The redirect hops from `url` to `finalUrl`, in order; empty without redirects. */
  redirectChain: RedirectHop[];
  /** HTTP status of the final answer; 0 when no answer came (network error, blocked). */
  status: number;
  /** The Content-Type media type of the final answer, lower case, without parameters. */
  contentType: string | null;
  /** Body bytes after content decoding (0 when not fetched). */
  bytes: number;
  /** Time from request start to the end of the body, in milliseconds. */
  responseTimeMs: number;
  /** Link distance from the start URL (the start URL is 0; sitemap-seeded URLs count 1). */
  depth: number;
  /** How many distinct in-scope pages link here. */
  inlinks: number;
  /** Up to 5 pages that link here, for reports ("broken link found on ..."). */
  linkedFrom: string[];
  /** How the URL was first found. */
  foundVia: 'start' | 'link' | 'sitemap' | 'redirect' | 'alternate';
  /** `<title>` text, trimmed; `null` when absent. */
  title: string | null;
  /** `<meta name=description>` content; `null` when absent. */
  metaDescription: string | null;
  /** Text of the first `<h1>`; `null` when absent. */
  h1: string | null;
  /** Absolute canonical URL (`<link rel=canonical>` or `Link` header); `null` when absent. */
  canonical: string | null;
  /** Robots directives from `<meta name=robots|mapsmithbot>` and `X-Robots-Tag`, lower case. */
  robots: { meta: string[]; header: string[]; noindex: boolean; nofollow: boolean };
  /** hreflang alternates the page declares. */
  hreflang: HreflangAlternate[];
  /** Images on the page (deduplicated by src, at most 1,000 kept). */
  images: PageImage[];
  /** Videos on the page. */
  videos: PageVideo[];
  /** Structured data present on the page. */
  structuredData: { jsonLd: boolean; microdata: boolean; types: string[] };
  /** `Last-Modified` of the final answer as ISO 8601; `null` when absent or unparsable. */
  lastModified: string | null;
  /** Count of `http:` subresources on an `https:` page (mixed content). */
  mixedContent: number;
  /** Whether the page was rendered in headless Chromium, and why. */
  rendered: boolean;
  /**
   * Why it was rendered ("app shell: #root and 0 links", "render: always"), or why a page that
   * showed app signals was not ("not rendered: shows #root, but ..."); `null` otherwise.
   */
  renderReason: string | null;
  /**
   * Hash of the page's main text (`extract/content-fingerprint.ts`): the change report compares
   * it between crawls. Absent on records written before it existed and on pages without text.
   */
  fingerprint?: string | null;
  /**
   * Where the page sends the browser at once, when it is a client-side redirect; absent or
   * `null` otherwise (records written before it existed have none).
   */
  clientRedirect?: ClientRedirect | null;
  /** Listed in the sitemap, or excluded with its reason. */
  verdict: Verdict;
  /** The fetch or parse error, when one happened. */
  error: string | null;
  /**
   * Present when no answer came in time: the limit and the tries. Its `responseTimeMs` is then
   * the limit (what one try waited without an answer), so response-time figures count it there.
   */
  timedOut?: TimedOut;
}

/**
 * Why a crawl ended. `url-limit`: it recorded `urlLimit(maxPages)` URLs (redirects and errors
 * included) before it had its pages. The growth bounds (`GrowthLimit`) end a crawl with no plan
 * cap that keeps growing: a link trap, or a site larger than one crawl stores.
 */
export type EndedBy =
  | 'finished'
  | 'page-limit'
  | 'url-limit'
  | 'time-limit'
  | 'cancelled'
  /** Its owner stopped it (issue 30); the shell sets it, the crawler itself says `cancelled`. */
  | 'stopped'
  | 'error'
  | GrowthLimit;

/**
 * The bounds on what one crawl stores: `frontier-limit` (`maxFrontierUrls`), `storage-limit`
 * (`maxStoredBytes`) and `storage-budget` (the owner's storage budget ran out, said by the shell).
 */
export type GrowthLimit = 'frontier-limit' | 'storage-limit' | 'storage-budget';

/** The bounds that can prune URLs from the frontier (crawl-trap protection). */
export type PruneBound =
  | 'depth'
  | 'url-length'
  | 'repeated-segments'
  | 'query-variants'
  | 'segment-occurrences'
  | 'path-segments'
  | 'path-template'
  | 'frontier'
  | 'page-limit'
  | 'scope'
  | 'pattern';

/** The run summary, as `mapsmith crawl --json` prints it. */
export interface CrawlSummary {
  /** The start URL as given, normalized. */
  startUrl: string;
  /** URLs fetched (or decided without a fetch, like robots-blocked ones) and recorded. */
  pagesCrawled: number;
  /** Of those, the pages (2xx HTML, `countsAsPage`): what the page cap counts. */
  pages?: number;
  /** URLs listed in the sitemap. */
  included: number;
  /** Excluded URLs, counted by exclusion code. */
  excluded: Partial<Record<ExclusionCode, number>>;
  /** Pages that were rendered in headless Chromium. */
  renderedPages: number;
  /** What ended the crawl. */
  endedBy: EndedBy;
  /** URLs not queued because a bound pruned them, by bound. */
  pruned: Partial<Record<PruneBound, number>>;
  /** Wall time of the crawl. */
  durationMs: number;
  /** The error that ended the crawl, when `endedBy` is `error`. */
  error: string | null;
  /**
   * The figure of the growth bound that ended the crawl (URLs for `frontier-limit`, bytes for
   * the storage bounds), for the sentence that names it; absent otherwise.
   */
  limit?: number;
  /**
   * Remarks for the report on how the crawl ran, added by the shell that ran it (for example the
   * desktop: app-shell pages left unrendered because no local Chrome or Chromium was found).
   * Absent when there are none.
   */
  notes?: string[];
}
