import { PLAN_LIMITS } from '@mapsmith/core/browser';

/** Guide: RSS and Atom feeds next to an XML sitemap. */
export function RssFeedGuide() {
  return (
    <>
      <p>
        Search engines accept RSS 2.0 and Atom 1.0 feeds as sitemaps. A feed is small and lists only
        your most recent pages, so engines can fetch it often and learn about new content quickly.
        Google recommends using both: an XML sitemap for every page, and a feed for the latest
        changes.
      </p>
      <h2>What a feed contains</h2>
      <p>
        Each <code>&lt;item&gt;</code> of an RSS feed needs a <code>&lt;link&gt;</code> (the page
        URL) and should carry a <code>&lt;title&gt;</code> and a <code>&lt;pubDate&gt;</code> (RFC
        822 date, for example <code>Mon, 02 Nov 2026 09:00:00 GMT</code>). Engines use the link and
        the date; the rest is for feed readers.
      </p>
      <h2>Keep it short and fresh</h2>
      <ul>
        <li>List only recent items; older pages belong in the XML sitemap.</li>
        <li>
          Update the feed the moment you publish, so engines see the change on their next fetch.
        </li>
        <li>Give each item its canonical URL, as in your sitemap.</li>
      </ul>
      <h2>Submit it</h2>
      <p>
        Submit the feed URL in Search Console just like a sitemap, and link it from your pages with{' '}
        <code>&lt;link rel="alternate" type="application/rss+xml"&gt;</code> so readers find it.
      </p>
      <h2>RSS export in Mapsmith</h2>
      <p>
        The RSS export lists your crawled pages with their titles. On the free plan it holds the{' '}
        {PLAN_LIMITS.free.rssItems} most recent items; Pro exports all of them.
      </p>
    </>
  );
}
