import type { ValidationResult } from '@mapsmith/core/browser';
import { agree, plural } from '../app/format';
import { useApi } from '../app/use-api';
import { HostedPageLink } from '../components/HostedPageLink';

/** What the Pro audit checks for each listed URL, said once for the teaser. */
const AUDIT_CHECKS = [
  'its final status (404s, 5xx errors) and where it redirects',
  'noindex in a robots meta tag or the X-Robots-Tag header',
  'a canonical pointing to another URL',
  'blocked by robots.txt, neither a page nor a document search engines index, or slow to answer',
];

/**
 * What a free user (or a visitor) sees under the checker's result: the free check is done, and
 * this says what the Pro audit would add for this very sitemap, with the way to get it.
 */
export function AuditTeaser(props: { result: ValidationResult }) {
  const desktop = useApi().shell === 'desktop';
  const n = props.result.stats.totalUrls;
  const isIndex = props.result.kind === 'sitemapindex';
  const what = isIndex
    ? `the URLs of ${agree(n, 'this child sitemap', `these ${plural(n, 'child sitemap')}`)}`
    : agree(n, 'this URL', `each of these ${plural(n, 'URL')}`);
  return (
    <aside
      className="card audit-teaser"
      aria-labelledby="audit-teaser-title"
      data-testid="audit-teaser"
    >
      <p className="eyebrow">Pro</p>
      <h3 id="audit-teaser-title">What the Pro audit adds</h3>
      <p>
        The check above reads the file. Pro also requests {what} live, politely and within
        robots.txt, and reports for every one:
      </p>
      <ul className="audit-checks">
        {AUDIT_CHECKS.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="muted">
        With a summary such as "48,912 fine, 612 redirect, 301 noindex, 175 404", filters and a CSV
        download.
      </p>
      {desktop && <p className="muted">Link a Pro account with an API token to audit here.</p>}
      <HostedPageLink to="/subscribe" className="button primary">
        Get the Pro audit
      </HostedPageLink>
    </aside>
  );
}
