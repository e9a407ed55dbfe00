import { failureTips } from '@mapsmith/core/browser';

/** The failed panel (spec §2): the server's error or a default text, and tips for this failure. */
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
        {failureTips(props.error).map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </div>
  );
}
