import {
  API_TOKEN_REQUESTS_PER_HOUR,
  isProFeatureAvailable,
  PLAN_LIMITS,
  PRO_BILLING,
  SUPPORT_PROMISE,
} from '@mapsmith/core/browser';

/** One FAQ tab of the support page. */
export interface FaqTab {
  id: 'general' | 'technical' | 'billing' | 'api';
  label: string;
  items: { q: string; a: string }[];
}

/** The support page's FAQ, by tab (spec §2: General, Technical, Billing, API). */
export const FAQ: FaqTab[] = [
  {
    id: 'general',
    label: 'General',
    items: [
      {
        q: 'Do I need an account to generate a sitemap?',
        a: `Yes, on the hosted app: a free account crawls up to ${PLAN_LIMITS.free.pagesPerCrawl} pages per crawl and ${PLAN_LIMITS.free.pagesPerMonth} pages per month. The sitemap checker works without an account, and the desktop app (built from source: see About › Desktop app; no installers are published yet) crawls from your own machine without one.`,
      },
      {
        q: 'Which pages end up in my sitemap?',
        a: 'Only pages that answered 200 with HTML, are allowed by robots.txt, are not marked noindex and whose canonical tag points to themselves. Redirects, errors and duplicates are listed in the crawl report with the reason they were left out.',
      },
      {
        q: 'What does "Smart rendering" mean?',
        a: 'Each page is first fetched directly. When a page is an app shell that draws its links with JavaScript, the crawler opens it in headless Chromium so those links are found too. The crawl report says which pages needed rendering.',
      },
      {
        q: 'How fast do you answer support requests?',
        a: SUPPORT_PROMISE,
      },
    ],
  },
  {
    id: 'technical',
    label: 'Technical',
    items: [
      {
        q: 'Why does my sitemap have fewer URLs than my site?',
        a: 'The crawler follows links from your home page, so pages nothing links to are not found. Pages excluded by robots.txt, noindex or a canonical to another URL are also left out on purpose.',
      },
      {
        q: 'What happens above 50,000 URLs?',
        a: 'A sitemap file may hold at most 50,000 URLs and 50 MB uncompressed. Larger sites get several sitemap files and a sitemap index that lists them.',
      },
      {
        q: 'Why is there no lastmod on some URLs?',
        a: 'We write lastmod only when the server reports a real Last-Modified date, and leave it out when every page reports the same one (that is when the site was deployed, not when each page changed). Google ignores lastmod values that are not consistently accurate, so a guessed date does more harm than none.',
      },
      {
        q: 'Which rate limits apply?',
        a: `Free accounts can start ${PLAN_LIMITS.free.crawlsPerHour} crawls per hour, Pro accounts ${PLAN_LIMITS.pro.crawlsPerHour}. Rate-limited answers carry the headers X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; a 429 answer also carries Retry-After.`,
      },
    ],
  },
  {
    id: 'billing',
    label: 'Billing',
    items: [
      {
        q: 'How much is Pro?',
        a: `${PRO_BILLING.summary} You pay once through PayPal; Mapsmith never sees or stores your card details.`,
      },
      {
        q: 'Can I get a refund?',
        a: 'On your first payment you can ask for a full refund within 7 days of paying.',
      },
      {
        q: 'How do I cancel? How do I renew?',
        a: `There is nothing to cancel: a payment buys one month and never renews by itself. ${PRO_BILLING.end} ${PRO_BILLING.renewal} Your dashboard shows the date Pro ends.`,
      },
    ],
  },
  {
    id: 'api',
    label: 'API',
    items: [
      {
        q: 'Is there an API?',
        a: isProFeatureAvailable('api-tokens')
          ? 'Yes, for Pro. Create a token on your dashboard (API Tokens) and send it as "Authorization: Bearer msk_…" to start crawls, poll them and download sitemaps over HTTPS and JSON. The endpoints are listed on the API page.'
          : 'API tokens are part of Pro and are not open yet.',
      },
      {
        q: 'What are the API limits?',
        a: `${API_TOKEN_REQUESTS_PER_HOUR} requests per hour per token, resetting every hour. Check X-RateLimit-Remaining and X-RateLimit-Reset on each answer rather than guessing.`,
      },
    ],
  },
];
