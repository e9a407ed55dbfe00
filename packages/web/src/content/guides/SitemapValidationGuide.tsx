/** Guide: validating a sitemap and fixing common errors. */
export function SitemapValidationGuide() {
  return (
    <>
      <p>
        A sitemap with errors may be read only in part or rejected altogether, and Search Console
        will tell you only after the fact. Validating before you upload catches the problems while
        they are cheap to fix. The Mapsmith checker runs in your browser: upload a file or enter the
        URL of a live sitemap.
      </p>
      <h2>What the checker looks at</h2>
      <ul>
        <li>
          <strong>Well-formed XML.</strong> An unescaped <code>&amp;</code> in a URL is the most
          common cause of “XML parsing error”. Write it as <code>&amp;amp;</code>.
        </li>
        <li>
          <strong>The root element and namespace.</strong> A url set, sitemap index, RSS or Atom
          feed, news, image or video sitemap. The standard namespace is{' '}
          <code>http://www.sitemaps.org/schemas/sitemap/0.9</code>; another one (such as the old{' '}
          <code>/0.8</code>) is an error, since search engines reject the file, and a missing one a
          warning.
        </li>
        <li>
          <strong>Every URL.</strong> Each entry needs a <code>&lt;loc&gt;</code> with an absolute
          http or https URL on the sitemap's own scheme and host (the first URL's, for an uploaded
          file). Relative paths, other protocols and other sites are errors.
        </li>
        <li>
          <strong>Duplicates.</strong> A URL listed again is counted once as a duplicate, not as a
          valid URL, and reported in one warning.
        </li>
        <li>
          <strong>Optional tags.</strong> priority must be a number from 0.0 to 1.0, changefreq one
          of the seven allowed words, lastmod a valid W3C date.
        </li>
        <li>
          <strong>Size.</strong> More than 50,000 URLs in one file is an error: split it and use a
          sitemap index.
        </li>
      </ul>
      <h2>Errors versus warnings</h2>
      <p>
        An error means search engines may refuse the file or the entry. A warning means the file is
        accepted but something is worth a look, such as a missing XML declaration, duplicate URLs,
        or fewer than 90% of the URLs being valid. Fix errors first.
      </p>
      <h2>After it validates</h2>
      <p>
        A valid file can still list the wrong pages. Make sure every URL answers 200 and is
        indexable: the Pro checker fetches each listed URL and reports redirects, errors and noindex
        pages. Then reference the sitemap in robots.txt and submit it in Search Console.
      </p>
    </>
  );
}
