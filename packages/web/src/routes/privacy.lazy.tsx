import { CRAWL_RETENTION_DAYS, PAGE_META, SUPPORT_HOURS } from '@mapsmith/core/browser';
import { createLazyRoute } from '@tanstack/react-router';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

function Privacy() {
  const email = useSupportEmail();
  usePageMeta(PAGE_META['/privacy']);
  return (
    <article className="page prose-page">
      <PageHeader eyebrow="Legal" title="Privacy Policy" lead="Last updated: November 2026" />
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> username, e-mail address, a salted Argon2id hash of your
          password (never the password itself), the date the account was created and the time of
          your last login.
        </li>
        <li>
          <strong>Your crawls:</strong> each crawl job (the site URL, its status, the pages found
          and the generated results), and your API tokens (stored only as a SHA-256 hash).
        </li>
        <li>
          <strong>Your payments:</strong> for each Pro payment, PayPal’s order and capture ids, the
          amount, its status and the month it paid for. Card and wallet details stay with PayPal; we
          never receive them.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To sign you in, run the crawls you ask for, show your history and usage, enforce plan limits
        and answer your support requests. We do not sell data and do not use it for advertising
        profiles.
      </p>
      <h2>Who can see it</h2>
      <p>
        You can access only your own data, and other users cannot see yours. Staff access it only to
        answer a request you made or to keep the service secure.
      </p>
      <h2>Cookies</h2>
      <p>
        Sessions use one HttpOnly cookie, marked SameSite=Lax and Secure over HTTPS. It holds a
        random session id, nothing else. We set no tracking cookies.
      </p>
      <h2>How long we keep it</h2>
      <ul>
        <li>Crawl jobs are deleted {CRAWL_RETENTION_DAYS} days after they ran.</li>
        <li>When you delete your account, its data is purged within 30 days.</li>
        <li>Server logs are kept for up to 12 months, then deleted.</li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, its correction or its deletion at{' '}
        <a href={`mailto:${email}`}>{email}</a>. We answer within {SUPPORT_HOURS.standard} hours,
        and within {SUPPORT_HOURS.pro} hours for Pro users.
      </p>
    </article>
  );
}

/** The lazily loaded half of `/privacy`: its screen (the route itself is in `privacy.tsx`). */
export const privacyLazyRoute = createLazyRoute('/privacy')({
  component: Privacy,
});
