/** Guide: HTML sitemaps for people. */
export function HtmlSitemapCreation() {
  return (
    <>
      <p>
        An HTML sitemap is an ordinary web page that links to the important pages of your site,
        grouped so a person can scan it. It is not a substitute for an XML sitemap, which is for
        crawlers; it is a navigation aid for visitors and a second path of internal links.
      </p>
      <h2>When it is worth having</h2>
      <ul>
        <li>Large sites whose menus cannot show every section.</li>
        <li>
          Sites with deep content (documentation, archives, catalogues) that visitors search for.
        </li>
        <li>
          Accessibility: one page where every section is reachable with a keyboard and a screen
          reader.
        </li>
      </ul>
      <p>
        A five-page site with a clear menu gains little from one. Search engines can crawl the links
        on it, but they treat it as any other page: it helps only if it links to pages that are
        otherwise hard to reach.
      </p>
      <h2>How to structure it</h2>
      <ol>
        <li>Group links under headings that match your site’s sections.</li>
        <li>Use the page titles as link text, not raw URLs.</li>
        <li>
          Keep it to a few hundred links; for bigger sites, link to one sitemap page per section.
        </li>
        <li>Link to it from the footer of every page.</li>
        <li>List only live, canonical pages, exactly as in your XML sitemap.</li>
      </ol>
      <h2>Generate it from your crawl</h2>
      <p>
        The HTML export of Mapsmith is a plain, styled page of links with each page’s title. Upload
        it as <code>/sitemap.html</code> (or paste its list into a page of your CMS), and regenerate
        it when you add sections so it never links to a page that no longer exists.
      </p>
    </>
  );
}
