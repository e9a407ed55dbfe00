/** The failed panel (spec §2): the server's error or a default text, and tips. */
export function CrawlFailed(props: { error: string | null }) {
  return (
    <div className="crawl-failed" role="alert">
      <h2>Oops! Crawling Failed</h2>
      <p>
        {props.error ||
          'We could not crawl this site. It may be blocking crawlers, responding too slowly, or be down right now.'}
      </p>
      <h3>Things to try</h3>
      <ul>
        <li>Check that the URL is correct and opens in your browser.</li>
        <li>Wait a few minutes and try again; the site may be busy.</li>
        <li>
          Some sites block crawlers. Pro crawls more patiently and renders script-heavy pages.
        </li>
        <li>The site must be public: pages behind a login cannot be crawled.</li>
      </ul>
    </div>
  );
}
