import { PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { type KeyboardEvent, useState } from 'react';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';
import { FAQ, type FaqTab } from '../content/faq';

function Support() {
  const email = useSupportEmail();
  const [active, setActive] = useState<FaqTab['id']>('general');
  usePageMeta(PAGE_META['/support']);
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onKey = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = FAQ[(index + step + FAQ.length) % FAQ.length];
    if (!next) return;
    setActive(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  const tab = FAQ.find((t) => t.id === active) ?? FAQ[0];
  return (
    <article className="page">
      <PageHeader
        eyebrow="Support"
        title="How can we help?"
        lead="Most answers are below. If yours is not, write to us."
      />
      <div className="tabs" role="tablist" aria-label="FAQ topics">
        {FAQ.map((t, i) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab && (
        <div
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          className="faq"
        >
          {tab.items.map((item) => (
            <details key={item.q} className="faq-item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      )}
      <h2>Resources</h2>
      <div className="card-grid">
        <Link
          to="/how-to/$slug"
          params={{ slug: 'sitemap-generator-guide' }}
          className="card card-link"
        >
          <h3>Getting started guide</h3>
          <p>Generate, check and submit your first sitemap.</p>
        </Link>
        <Link
          to="/how-to/$slug"
          params={{ slug: 'sitemap-validation-checker' }}
          className="card card-link"
        >
          <h3>Fixing sitemap errors</h3>
          <p>What each checker message means and how to fix it.</p>
        </Link>
        <Link to="/api-docs" className="card card-link">
          <h3>API</h3>
          <p>Token authentication and rate limits for Pro.</p>
        </Link>
        <a href={`mailto:${email}`} className="card card-link">
          <h3>E-mail support</h3>
          <p>{email}</p>
        </a>
      </div>
    </article>
  );
}

/** The lazily loaded half of `/support`: its screen (the route itself is in `support.tsx`). */
export const supportLazyRoute = createLazyRoute('/support')({
  component: Support,
});
