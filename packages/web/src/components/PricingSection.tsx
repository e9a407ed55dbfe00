import { PLAN_LIMITS, PRO_PRICE } from '@mapsmith/core/browser';
import { HostedPageLink } from './HostedPageLink';

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
          <HostedPageLink to="/signup" className="button">
            Create a free account
          </HostedPageLink>
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
          <HostedPageLink to="/subscribe" className="button primary">
            Upgrade to Pro
          </HostedPageLink>
          <p className="muted small">7-day money-back guarantee for first-time subscribers.</p>
        </div>
      </div>
    </section>
  );
}
