/** Guide: what search engines read in an XML sitemap. */
export function XmlSitemapSeo() {
  return (
    <>
      <p>
        The XML sitemap protocol (sitemaps.org, version 0.9) is simple: a{' '}
        <code>&lt;urlset&gt;</code> root in the namespace{' '}
        <code>http://www.sitemaps.org/schemas/sitemap/0.9</code>, one <code>&lt;url&gt;</code> per
        page, and inside each a required <code>&lt;loc&gt;</code>. Three optional tags complete it,
        and they are not equally useful.
      </p>
      <pre className="code-block">
        <code>{`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://www.example.com/pricing</loc>
    <lastmod>2026-10-02</lastmod>
  </url>
</urlset>`}</code>
      </pre>
      <h2>loc: absolute, canonical, escaped</h2>
      <p>
        Each <code>loc</code> is a full URL with protocol, on the same host as the sitemap (unless
        you verified cross-site submission), at most 2,048 characters. Ampersands and other special
        characters must be entity-escaped (<code>&amp;amp;</code>). List the canonical URL only: the
        same page under two addresses is a duplicate.
      </p>
      <h2>lastmod: only when it is true</h2>
      <p>
        Google uses <code>lastmod</code> when it is consistently accurate and ignores it for sites
        where it is not. Set it to the date the page’s main content last changed, in W3C date format
        (<code>2026-10-02</code> or with a time and zone). Never set it to the time the sitemap was
        generated: that tells engines every page changed every day, and they learn to disregard it.
        Mapsmith writes lastmod only when the server reports a real Last-Modified date.
      </p>
      <h2>changefreq and priority: ignored by Google</h2>
      <p>
        Google has stated that it ignores both <code>changefreq</code> and <code>priority</code>.
        They remain valid in the protocol (priority from 0.0 to 1.0, changefreq one of always,
        hourly, daily, weekly, monthly, yearly, never), and other engines may read them, but they do
        not make a page rank better. Mapsmith leaves them out unless you ask for them.
      </p>
      <h2>Limits of one file</h2>
      <ul>
        <li>At most 50,000 URLs per sitemap file.</li>
        <li>At most 50 MB (52,428,800 bytes) uncompressed; gzip saves bandwidth, not the limit.</li>
        <li>UTF-8 encoding.</li>
      </ul>
      <p>Past either limit, split the URLs over several files and list them in a sitemap index.</p>
      <h2>Tell engines where it is</h2>
      <p>
        Reference the sitemap in robots.txt with a <code>Sitemap:</code> line and submit it in
        Search Console. Google retired its sitemap ping endpoint in 2023; resubmitting through
        Search Console or keeping lastmod accurate is how you signal changes.
      </p>
    </>
  );
}
