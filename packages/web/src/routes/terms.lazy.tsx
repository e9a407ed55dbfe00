import { PAGE_META, PRO_BILLING } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

function Terms() {
  const email = useSupportEmail();
  usePageMeta(PAGE_META['/terms']);
  return (
    <article className="page prose-page">
      <PageHeader eyebrow="Legal" title="Terms of Service" lead="Last updated: November 2026" />
      <h2>1. Accounts</h2>
      <p>
        You must be at least 13 years old to use Mapsmith. One free account is allowed per person or
        entity. Keep your password to yourself; you are responsible for what is done with your
        account.
      </p>
      <h2>2. Acceptable use</h2>
      <p>
        Crawl only sites you own or are allowed to crawl. Do not use Mapsmith to crawl private
        networks or internal IP addresses; the service refuses such addresses. Do not try to get
        around plan limits, rate limits or robots.txt rules, and do not overload the sites you
        crawl.
      </p>
      <h2>3. The Pro plan</h2>
      <p>
        {PRO_BILLING.summary} You pay once through PayPal. {PRO_BILLING.renewal} {PRO_BILLING.end}{' '}
        On your first payment you may ask for a full refund within 7 days of paying. We announce
        price changes at least 30 days in advance.
      </p>
      <h2>4. Your content</h2>
      <p>
        The sitemaps and reports generated from your site are yours. We keep crawl results only as
        long as the <Link to="/privacy">Privacy Policy</Link> says.
      </p>
      <h2>5. Availability and liability</h2>
      <p>
        We work to keep the service available but do not guarantee it will be uninterrupted. Our
        liability for any claim is limited to the lesser of the amount you paid us in the 12 months
        before the claim and $100.
      </p>
      <h2>6. Ending the service</h2>
      <p>
        You can delete your account at any time from your dashboard. We may suspend accounts that
        break these terms, after telling you why when we can.
      </p>
      <h2>7. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </article>
  );
}

/** The lazily loaded half of `/terms`: its screen (the route itself is in `terms.tsx`). */
export const termsLazyRoute = createLazyRoute('/terms')({
  component: Terms,
});
