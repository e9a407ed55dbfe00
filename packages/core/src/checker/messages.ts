/**
 * Every message the checker writes. The ones spec §5 names use its exact words; where a message
 * is about one value, the value follows the spec's words after a colon.
 */
import { formatCount as n, plural } from '../text/counts.js';
import { SITEMAP_NS } from './names.js';

/** Spec §5: warning when the file has no `<?xml ...?>` declaration. */
export const MISSING_XML_DECLARATION = 'Missing XML declaration';
/** Spec §5: warning when the sitemaps.org namespace is absent. */
export const MISSING_NAMESPACE = 'Missing or incorrect sitemap namespace';
/**
 * Issue 25 point 9: another namespace than sitemaps.org's (`.../sitemap/0.8`) is an error, not
 * the spec's warning: search engines reject such a file.
 */
export const wrongNamespace = (ns: string) =>
  `Wrong sitemap namespace: ${ns} (expected ${SITEMAP_NS}); search engines reject the file`;
/** Spec §5: error for a root the checker does not know. */
export const UNKNOWN_FORMAT =
  'Unknown sitemap format. Expected urlset, sitemapindex, rss, news, image, or video sitemap.';
/** Spec §5: error for a file that is not well-formed XML. */
export const parseError = (detail: string) => `XML parsing error: ${detail}`;
/** Spec §5: warning for a urlset (or index) without entries. */
export const NO_URLS = 'Sitemap contains no URLs';
/** Spec §5: error over 50,000 URLs. */
export const tooManyUrls = (count: number) =>
  `Sitemap contains more than 50,000 URLs (${n(count)})`;
/** Spec §5: error for an entry without loc. */
export const MISSING_LOC = 'Missing loc element';
/** Spec §5: a URL that is not http or https. */
export const invalidProtocol = (url: string) => `Invalid protocol: ${url}`;
/** Spec §5: a URL that does not parse. */
export const invalidUrlFormat = (url: string) => `Invalid URL format: ${url}`;
/** Spec §5: priority outside 0.0-1.0 or not a number (warning). */
export const invalidPriority = (value: string) =>
  `Invalid priority: ${value} (must be a number from 0.0 to 1.0)`;
/** Spec §5: a lastmod that is not a W3C date (warning). */
export const invalidLastmod = (value: string) => `Invalid lastmod date: ${value}`;
/** Spec §5: a changefreq outside the protocol's list (warning). */
export const invalidChangefreq = (value: string) =>
  `Invalid changefreq: ${value} (expected always, hourly, daily, weekly, monthly, yearly or never)`;
/**
 * Spec §5: the warning of duplicates, once per file (issue 25 point 9: not also once per line),
 * at the first repeat's line; a repeat is counted, never as a valid URL.
 */
export const duplicatesFound = (count: number, example: string) =>
  `Found ${plural(count, 'duplicate URL')} (not counted as valid), e.g. ${example}`;
/** Spec §5: the summary warning when under 90% of entries are valid. */
export const LOW_VALID_RATIO = 'Less than 90% of URLs are valid';
/** Spec §5: the warning that the file is a sitemap index. */
export const SITEMAP_INDEX =
  'This is a sitemap index: it lists other sitemaps, check each of them too';
/** Spec §5: the warning that the file is an RSS feed. */
export const RSS_FEED = 'This is an RSS feed, not a standard XML sitemap';
/** Spec §5: the warning that the file is an Atom feed. */
export const ATOM_FEED = 'This is an Atom feed, not a standard XML sitemap';
/** Spec §5: a feed item without a link (warning). */
export const ITEM_MISSING_LINK = 'Feed item has no link';
/** Spec §5: a news entry without publication (warning). */
export const MISSING_NEWS_PUBLICATION = 'Missing news:publication';
/** Issue 18: a `<url>` or `<sitemap>` with more than one `<loc>` (the protocol allows one). */
export const MORE_THAN_ONE_LOC =
  'Entry has more than one loc element; each url or sitemap entry takes exactly one';
/** Issue 18: an empty `<news:name>` (Google requires the publication's name). */
export const EMPTY_NEWS_NAME = 'Empty news:name: the publication name is required';
/** Issue 18: URLs on another scheme or host than the sitemap's own URL (an error, once). */
export const otherOrigin = (count: number, origin: string, example: string) =>
  `${plural(count, 'URL is', 'URLs are')} not on the sitemap's own scheme and host (${origin}); a sitemap may list only those, e.g. ${example}`;
/**
 * Issue 25 point 9: for a file whose own URL is unknown (an upload), URLs on another scheme or
 * host than its first URL's (an error, once), so upload and fetch count the same bytes alike.
 */
export const otherOriginThanFirst = (count: number, origin: string, example: string) =>
  `${plural(count, 'URL is', 'URLs are')} not on the scheme and host of the file's first URL (${origin}); a sitemap may list only its own site's URLs, e.g. ${example}`;
/**
 * Issue 18: URLs above the sitemap's folder (a warning, once: the protocol forbids them, but
 * search engines accept them when robots.txt names the sitemap).
 */
export const outsideFolder = (count: number, folder: string, example: string) =>
  `${plural(count, 'URL is', 'URLs are')} outside the sitemap's folder ${folder}; the protocol allows them only when robots.txt names this sitemap, e.g. ${example}`;
/** Spec §5: a news entry without publication_date (warning). */
export const MISSING_NEWS_PUBLICATION_DATE = 'Missing news:publication_date';

/** Beyond the spec: a loc of 2,048 characters or more (the protocol's limit, an error). */
export const locTooLong = (length: number) =>
  `URL is ${plural(length, 'character')} long (must be shorter than 2,048)`;
/** Beyond the spec: URLs on another host than the sitemap's (warning, once). */
export const otherHost = (count: number, host: string, example: string) =>
  `${plural(count, 'URL is', 'URLs are')} on another host than the sitemap (${host}), e.g. ${example}`;
/** Beyond the spec: over 52,428,800 bytes uncompressed (the protocol's limit, an error). */
export const tooLarge = (bytes: number) =>
  `Sitemap is ${n(bytes)} bytes uncompressed (limit 52,428,800 bytes, 50 MB)`;
/** Beyond the spec: more than 1,000 images on one URL (warning). */
export const tooManyImages = (count: number) =>
  `URL has ${plural(count, 'image')}; Google reads at most 1,000 per URL`;
/** Beyond the spec: a video entry without Google's required fields (warning). */
export const videoMissingFields = (fields: string[]) =>
  `Video entry missing required fields: ${fields.join(', ')}`;
/** Beyond the spec: tags Google deprecated in 2022 (warning, once per tag). */
export const deprecatedTag = (tag: string, count: number) =>
  `Deprecated ${tag} (ignored by Google since 2022) used ${plural(count, 'time')}`;
/** Beyond the spec: news older than two days (warning, once). */
export const oldNews = (count: number) =>
  `${plural(count, 'news entry is', 'news entries are')} older than two days (Google News only reads recent articles)`;
/** Beyond the spec: lastmod dates in the future (warning, once). */
export const futureLastmod = (count: number, example: string) =>
  `${plural(count, 'lastmod date is', 'lastmod dates are')} in the future, e.g. ${example}`;
/** Beyond the spec: the same lastmod on every URL (warning). */
export const sameLastmod = (value: string) =>
  `Every URL has the same lastmod (${value}): it looks like the generation time, not when each page changed`;
/** Beyond the spec: an hreflang alternate that does not link back (warning). */
export const hreflangNotReciprocal = (from: string, to: string) =>
  `hreflang not reciprocal: ${to} does not list ${from} as an alternate`;
/** Beyond the spec: a namespace prefix used without its `xmlns:` declaration (an error). */
export const undeclaredPrefix = (prefix: string) =>
  `Namespace prefix "${prefix}" is used but not declared (add xmlns:${prefix}="...")`;
/** Hostile input: a DOCTYPE declaring entities (never expanded, never fetched). */
export const ENTITY_DECLARATION = parseError(
  'DOCTYPE with entity declarations is not allowed (entities are never expanded or fetched)',
);
/** Hostile input: nesting beyond the checker's bound. */
export const tooDeep = (limit: number) =>
  parseError(`elements nested deeper than ${plural(limit, 'level')}`);
/** Oversized input: the checker stops reading. */
export const inputTooLarge = (limit: number) =>
  `Input is too large to check: more than ${n(limit)} bytes; stopped reading`;
/** A `.gz` input that inflates beyond the cap (a gzip bomb, or simply too big). */
export const gzipTooLarge = (limit: number) =>
  `Decompressed sitemap is larger than ${n(limit)} bytes; stopped reading`;
/** A `.gz` input that is not valid gzip. */
export const badGzip = (detail: string) => `Cannot decompress the gzip file: ${detail}`;
/** The tail line when a list of messages is capped. */
export const moreNotListed = (count: number, what: string) =>
  `...and ${n(count)} more ${what} not listed`;
