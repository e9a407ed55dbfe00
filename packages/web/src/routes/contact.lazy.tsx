import { PAGE_META, SUPPORT_BUSINESS_HOURS, SUPPORT_PROMISE } from '@mapsmith/core/browser';
import { createLazyRoute } from '@tanstack/react-router';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

function Contact() {
  const email = useSupportEmail();
  const domain = email.split('@')[1] ?? 'mapsmith.app';
  usePageMeta(PAGE_META['/contact']);
  return (
    <article className="page">
      <PageHeader
        eyebrow="Contact"
        title="Get in touch"
        lead="We answer every message by e-mail. Include the site URL and, for a crawl problem, the time you ran it."
      />
      <div className="card-grid">
        <div className="card">
          <h2 className="card-title">Support</h2>
          <p>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          <p className="muted">Questions about crawls, sitemaps, the checker or your account.</p>
        </div>
        <div className="card">
          <h2 className="card-title">Response times</h2>
          <p>{SUPPORT_PROMISE}</p>
          <p className="muted">{SUPPORT_BUSINESS_HOURS}</p>
        </div>
        <div className="card">
          <h2 className="card-title">Billing</h2>
          <p>
            <a href={`mailto:billing@${domain}?subject=Billing%20question`}>billing@{domain}</a>
          </p>
          <p className="muted">
            Refunds within the 7-day guarantee, invoices, questions about a payment.
          </p>
        </div>
        <div className="card">
          <h2 className="card-title">Enterprise</h2>
          <p>
            <a href={`mailto:enterprise@${domain}?subject=Enterprise%20enquiry`}>
              enterprise@{domain}
            </a>
          </p>
          <p className="muted">Many domains, custom page caps or an invoice instead of a card.</p>
        </div>
      </div>
    </article>
  );
}

/** The lazily loaded half of `/contact`: its screen (the route itself is in `contact.tsx`). */
export const contactLazyRoute = createLazyRoute('/contact')({
  component: Contact,
});
