import { PLAN_LIMITS, PRO_PRICE } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { HOSTED_ORIGIN } from '../app/config';
import { useApi } from '../app/use-api';

const free = PLAN_LIMITS.free;

const FREE_FEATURES = [
  `${free.pagesPerCrawl} URLs per crawl, ${free.pagesPerMonth} pages per month`,
  'All eight export formats',
  `RSS feed of the ${free.rssItems} most recent pages`,
  'SEO health check',
  'Sitemap checker',
  `${free.crawlsPerHour} crawls per hour`,
];

const PRO_FEATURES = [
  'Unlimited pages, no monthly quota',
  'Full RSS feed',
  'Advanced validation: live status of every listed URL',
  'Bulk crawls of several domains',
  'Scheduled crawls and API tokens (coming soon)',
  'Priority support, no ads',
];

/** The pricing section (anchor `pricing`) shared by the home page and /pricing. */
export function PricingSection(props: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = props.headingLevel ?? 'h2';
  const desktop = useApi().shell === 'desktop';
  return (
    <section className="section pricing" id="pricing" aria-labelledby="pricing-title">
      <p className="eyebrow">Pricing</p>
      <Heading id="pricing-title">Simple pricing: free, or $3 a month</Heading>
      <div className="plan-grid">
        <div className="plan card">
          <h3>Free</h3>
          <p className="plan-price">
            $0 <span className="muted">forever</span>
          </p>
          <ul className="check-list">
            {FREE_FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {desktop ? (
            <a className="button" href={`${HOSTED_ORIGIN}/signup`} target="_blank" rel="noreferrer">
              Create a free account
            </a>
          ) : (
            <Link to="/signup" className="button">
              Create a free account
            </Link>
          )}
        </div>
        <div className="plan card plan-pro">
          <h3>
            Pro <span className="badge badge-pro">Most popular</span>
          </h3>
          <p className="plan-price">
            ${Number(PRO_PRICE.value)} <span className="muted">per month, billed monthly</span>
          </p>
          <ul className="check-list">
            {PRO_FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {desktop ? (
            <a
              className="button primary"
              href={`${HOSTED_ORIGIN}/subscribe`}
              target="_blank"
              rel="noreferrer"
            >
              Upgrade to Pro
            </a>
          ) : (
            <Link to="/subscribe" className="button primary">
              Upgrade to Pro
            </Link>
          )}
          <p className="muted small">7-day money-back guarantee for first-time subscribers.</p>
        </div>
      </div>
    </section>
  );
}
