import { Link } from '@tanstack/react-router';

/** Guide: generating a first sitemap. */
export function SitemapGeneratorGuide() {
  return (
    <>
      <p>
        A sitemap is a file that lists the pages of your site you want search engines to crawl.
        Search engines still find pages by following links, but a sitemap tells them about pages
        that are deep in your site, new, or poorly linked, and it is the first place they look to
        learn what changed.
      </p>
      <h2>Which pages belong in a sitemap</h2>
      <p>A sitemap should list only canonical, indexable pages. A URL belongs in it when:</p>
      <ul>
        <li>it answers with status 200 (not a redirect, not an error);</li>
        <li>robots.txt allows crawling it;</li>
        <li>
          it has no <code>noindex</code> in a meta robots tag or an X-Robots-Tag header;
        </li>
        <li>its canonical tag points to itself, not to another URL.</li>
      </ul>
      <p>
        Listing redirects, error pages or duplicates wastes crawl budget and makes search engines
        trust your sitemap less. Mapsmith applies these four rules to every page and records why any
        URL was left out.
      </p>
      <h2>Generate it in three steps</h2>
      <ol>
        <li>
          <strong>Enter your URL.</strong> Use your home page with the protocol, for example{' '}
          <code>https://www.example.com</code>. The crawl stays on that host.
        </li>
        <li>
          <strong>Let it crawl.</strong> Mapsmith follows links, obeys robots.txt and renders
          script-heavy pages in a headless browser only when a page needs it (smart rendering).
          Small sites finish in under a minute.
        </li>
        <li>
          <strong>Download your files.</strong> XML for search engines, HTML for visitors, RSS, JSON
          and plain text for your own tools, and image and video sitemaps when your pages have
          media.
        </li>
      </ol>
      <h2>Publish and submit it</h2>
      <p>
        Upload <code>sitemap.xml</code> to the root of your site so it is reachable at{' '}
        <code>https://www.example.com/sitemap.xml</code>. Then tell search engines where it is:
      </p>
      <ul>
        <li>
          Add a line <code>Sitemap: https://www.example.com/sitemap.xml</code> to your robots.txt.
          Every major engine reads it.
        </li>
        <li>Submit the sitemap in Google Search Console and Bing Webmaster Tools.</li>
        <li>
          Use IndexNow for fast updates to Bing, Yandex and other participating engines. The old
          anonymous “ping” URLs of Google and Bing no longer work.
        </li>
      </ul>
      <h2>Keep it current</h2>
      <p>
        Regenerate the sitemap when you add or remove pages. Check it with the{' '}
        <Link to="/" hash="checker">
          sitemap checker
        </Link>{' '}
        before you upload it, and read{' '}
        <Link to="/how-to/$slug" params={{ slug: 'xml-sitemap-generator-seo' }}>
          XML sitemaps for SEO
        </Link>{' '}
        to learn which tags matter.
      </p>
    </>
  );
}
