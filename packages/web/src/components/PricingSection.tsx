import {
  FREE_ALLOWANCE,
  FREE_RSS_CAP_NOTICEABLE,
  PLAN_LIMITS,
  PRO_BILLING,
  PRO_PRICE_TEXT,
} from '@mapsmith/core/browser';
import { HostedPageLink } from './HostedPageLink';
import { ProFeatureList } from './ProFeatureList';

const free = PLAN_LIMITS.free;

const FREE_FEATURES = [
  `${FREE_ALLOWANCE.perCrawl}, ${FREE_ALLOWANCE.perMonth}`,
  'All eight export formats',
  FREE_RSS_CAP_NOTICEABLE ? `RSS feed of the ${free.rssItems} most recent pages` : 'RSS feed',
  'SEO health check',
  'Sitemap checker',
  `${free.crawlsPerHour} crawls per hour`,
];

/** The pricing section (anchor `pricing`) shared by the home page and /pricing. */
export function PricingSection(props: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = props.headingLevel ?? 'h2';
  return (
    <section className="section pricing" id="pricing" aria-labelledby="pricing-title">
      <p className="eyebrow">Pricing</p>
      <Heading id="pricing-title">
        Simple pricing: free, or {PRO_PRICE_TEXT} for a month of Pro
      </Heading>
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
          <h3>Pro</h3>
          <p className="plan-price">
            {PRO_PRICE_TEXT} <span className="muted">{PRO_BILLING.priceNote}</span>
          </p>
          <p className="muted small">No automatic renewal, nothing to cancel.</p>
          <ProFeatureList showPlanned />
          <HostedPageLink to="/subscribe" className="button primary">
            Upgrade to Pro
          </HostedPageLink>
          <p className="muted small">7-day money-back guarantee on your first payment.</p>
        </div>
      </div>
    </section>
  );
}
