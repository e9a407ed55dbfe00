import { PAGE_META, PRO_BILLING, PRO_PRICE_TEXT } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useAuth } from '../app/auth';
import { HOSTED_ORIGIN } from '../app/config';
import { formatDate } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { PayPalCard } from '../components/PayPalCard';
import { PendingPaymentNotice } from '../components/PendingPaymentNotice';
import { ProFeatureList } from '../components/ProFeatureList';
import { SignInLink } from '../components/SignInLink';

function Subscribe() {
  usePageMeta(PAGE_META['/subscribe']);
  const api = useApi();
  const { status, user } = useAuth();
  // While a payment is pending at PayPal no second one is offered (the server refuses it too).
  const offer = user?.pendingPayment ? (
    <PendingPaymentNotice user={user}>
      <p>
        No second payment is taken meanwhile. PayPal usually settles it within a few days; this page
        and your dashboard show Pro as soon as it does.
      </p>
    </PendingPaymentNotice>
  ) : (
    <PayPalCard />
  );
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
    payment = (
      <div className="stack">
        <p className="success-text" data-testid="pro-until">
          You have Pro until {user.proUntil ? formatDate(user.proUntil) : 'the end of your month'}.
          Thank you!
        </p>
        <p>To keep Pro, pay again: the new month starts when this one ends.</p>
        {offer}
      </div>
    );
  } else if (status === 'signed-out') {
    payment = (
      <div className="stack">
        <p>Sign in or create a free account first, then come back here to upgrade.</p>
        <SignInLink className="button primary block">Sign In</SignInLink>
        <Link to="/signup" className="button block">
          Create a free account
        </Link>
      </div>
    );
  } else {
    payment = offer;
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
          <ProFeatureList showPlanned />
        </section>
        <section className="card payment-card" aria-labelledby="payment-title">
          <h2 id="payment-title" className="card-title">
            Pro plan
          </h2>
          <p className="plan-price">
            {PRO_PRICE_TEXT} <span className="muted">{PRO_BILLING.priceNote}</span>
          </p>
          <p data-testid="billing-summary">{PRO_BILLING.summary}</p>
          {payment}
          <p className="muted small">
            {PRO_BILLING.renewal} {PRO_BILLING.end} Payment is processed by PayPal as a single
            order; we store no payment information. 7-day money-back guarantee on your first
            payment. By paying you accept the <Link to="/terms">Terms</Link> and the{' '}
            <Link to="/privacy">Privacy Policy</Link>.
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
