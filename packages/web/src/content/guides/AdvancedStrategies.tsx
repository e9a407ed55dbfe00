import { Link } from '@tanstack/react-router';

/** Guide: sitemap indexes, media sitemaps, hreflang and IndexNow for large sites. */
export function AdvancedStrategies() {
  return (
    <>
      <p>
        Past a few thousand pages, one flat sitemap stops being enough. This guide covers the
        techniques large sites use: sitemap indexes, splitting by section, media sitemaps written to
        today’s rules, alternates for international sites, and fast change notification.
      </p>
      <h2>Sitemap indexes above 50,000 URLs</h2>
      <p>
        One sitemap file may hold at most 50,000 URLs and 50 MB uncompressed. When you pass 50,000
        URLs (or 50 MB), split the list into several sitemaps and publish a sitemap index that lists
        them:
      </p>
      <pre className="code-block">
        <code>{`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap>
    <loc>https://www.example.com/sitemap-products-1.xml.gz</loc>
    <lastmod>2026-11-01</lastmod>
  </sitemap>
  <sitemap>
    <loc>https://www.example.com/sitemap-blog.xml.gz</loc>
  </sitemap>
</sitemapindex>`}</code>
      </pre>
      <p>
        An index may list up to 50,000 sitemaps, and Search Console accepts up to 500 index files
        per site. An index lists sitemaps only, never another index.
      </p>
      <h2>Split by section, not by count alone</h2>
      <p>
        Splitting by section (products, categories, blog, help) lets Search Console report indexing
        per section, so a drop in indexed product pages shows up on its own. Keep each part well
        below the limits so growth does not force a re-split.
      </p>
      <h2>Image sitemaps after the 2022 clean-up</h2>
      <p>
        In 2022 Google deprecated the image tags <code>image:caption</code>,{' '}
        <code>image:title</code>, <code>image:geo_location</code> and <code>image:license</code>.
        Only <code>image:image</code> with <code>image:loc</code> remains, in the namespace{' '}
        <code>http://www.google.com/schemas/sitemap-image/1.1</code>, with up to 1,000 images per
        page. Put alt text and captions in your HTML instead.
      </p>
      <h2>Video sitemaps</h2>
      <p>
        Each <code>video:video</code> needs <code>thumbnail_loc</code>, <code>title</code>,{' '}
        <code>description</code>, and either <code>content_loc</code> or <code>player_loc</code>.
        Google also deprecated <code>video:category</code>, <code>video:gallery_loc</code>,{' '}
        <code>video:price</code>, <code>video:tvshow</code> and the <code>allow_embed</code> and{' '}
        <code>autoplay</code> attributes of player_loc. Mapsmith writes only the current tags and
        leaves out videos that lack a required field, telling you why.
      </p>
      <h2>International sites: hreflang alternates</h2>
      <p>
        If a page exists in several languages, list every version in the sitemap with{' '}
        <code>xhtml:link rel="alternate" hreflang="..."</code> entries, including a link to itself.
        Annotations must be reciprocal: the German page lists the English one and vice versa.
      </p>
      <h2>Notifying engines: IndexNow, not ping</h2>
      <p>
        Google’s sitemap ping endpoint answers 404 since the end of 2023, and Bing removed anonymous
        sitemap submission in 2022. Today:
      </p>
      <ul>
        <li>
          <strong>IndexNow</strong> (Bing, Yandex, Seznam, Naver and others) accepts up to 10,000
          changed URLs per request. You publish a key file at{' '}
          <code>https://your-site/&lt;key&gt;.txt</code> to prove ownership.
        </li>
        <li>
          <strong>Google</strong> reads the <code>Sitemap:</code> line of robots.txt, sitemaps
          submitted in Search Console, and accurate lastmod values.
        </li>
      </ul>
      <h2>Crawl budget hygiene</h2>
      <ul>
        <li>List only canonical, indexable, 200 pages; nothing else.</li>
        <li>Keep lastmod truthful so engines re-crawl what changed, not everything.</li>
        <li>Serve sitemaps gzipped to save bandwidth on large files.</li>
      </ul>
      <p>
        Related guides:{' '}
        <Link to="/how-to/$slug" params={{ slug: 'xml-sitemap-generator-seo' }}>
          XML sitemaps for SEO
        </Link>{' '}
        and{' '}
        <Link to="/how-to/$slug" params={{ slug: 'sitemap-validation-checker' }}>
          validating a sitemap
        </Link>
        . Ready to crawl a large site? <Link to="/">Start a crawl</Link> or{' '}
        <Link to="/subscribe">go Pro</Link> for unlimited pages.
      </p>
    </>
  );
}
