import { PRO_PRICE, SUPPORT_HOURS } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useAuth } from '../app/auth';
import { HOSTED_ORIGIN } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { PayPalCard } from '../components/PayPalCard';

const FEATURES = [
  'Unlimited pages per crawl and no monthly quota',
  'Full RSS feed instead of the 100 most recent items',
  'Advanced validation: the live status of every URL in a sitemap',
  'Bulk crawls of several domains',
  'Scheduled crawls and API tokens (coming soon)',
  `Priority support: answers within ${SUPPORT_HOURS.pro} hours`,
  'No advertisements',
];

function Subscribe() {
  usePageMeta({
    title: 'Upgrade to Pro | Mapsmith: $3 per month',
    description:
      'Mapsmith Pro: unlimited pages, full RSS, advanced validation and priority support for $3 per month.',
  });
  const api = useApi();
  const { status, user } = useAuth();
  let payment: React.ReactNode;
  if (api.shell === 'desktop') {
    payment = (
      <a
        className="button primary block"
        href={`${HOSTED_ORIGIN}/subscribe`}
        target="_blank"
        rel="noreferrer"
      >
        Subscribe on mapsmith.app
      </a>
    );
  } else if (user?.isPro) {
    payment = <p className="success-text">You are already a Pro user. Thank you!</p>;
  } else if (status === 'signed-out') {
    payment = (
      <div className="stack">
        <p>Sign in or create a free account first, then come back here to upgrade.</p>
        <Link to="/login" className="button primary block">
          Sign In
        </Link>
        <Link to="/signup" className="button block">
          Create a free account
        </Link>
      </div>
    );
  } else {
    payment = <PayPalCard />;
  }
  return (
    <div className="page subscribe">
      <header className="page-header">
        <p className="eyebrow">Mapsmith Pro</p>
        <h1>Upgrade to Pro</h1>
        <p className="lead">Everything in Free, without the limits.</p>
      </header>
      <div className="subscribe-grid">
        <section className="card" aria-labelledby="pro-features">
          <h2 id="pro-features" className="card-title">
            What you get
          </h2>
          <ul className="check-list">
            {FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
        <section className="card payment-card" aria-labelledby="payment-title">
          <h2 id="payment-title" className="card-title">
            Pro plan
          </h2>
          <p className="plan-price">
            ${Number(PRO_PRICE.value)} <span className="muted">per month, billed monthly</span>
          </p>
          {payment}
          <p className="muted small">
            Payment is processed by PayPal. We store no payment information. Cancel any time in your
            PayPal account; Pro stays active until the end of the paid month. 7-day money-back
            guarantee for first-time subscribers. By subscribing you accept the{' '}
            <Link to="/terms">Terms</Link> and the <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}

/** The lazily loaded half of `/subscribe`: its screen (the route itself is in `subscribe.tsx`). */
export const subscribeLazyRoute = createLazyRoute('/subscribe')({
  component: Subscribe,
});
