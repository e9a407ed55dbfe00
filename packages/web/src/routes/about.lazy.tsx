import { PAGE_META, PLAN_LIMITS, PRO_PRICE, SUPPORT_HOURS } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

const STATS = [
  { value: '8', label: 'export formats from one crawl' },
  { value: '50,000', label: 'URLs per sitemap file before we split into an index' },
  { value: String(PLAN_LIMITS.free.pagesPerCrawl), label: 'pages free on every crawl' },
  { value: `$${Number(PRO_PRICE.value)}`, label: 'per month for unlimited pages' },
];

const VALUES = [
  {
    title: 'Honest output',
    text: 'A sitemap lists only pages that answered 200, are allowed by robots.txt, are not noindex and are their own canonical. Every excluded URL keeps its reason in the crawl report.',
  },
  {
    title: 'No fake success',
    text: 'Google and Bing retired their anonymous sitemap ping endpoints. We notify engines through IndexNow and tell you plainly what each engine did with the request.',
  },
  {
    title: 'Standards first',
    text: 'Every XML file we write validates against the sitemaps.org schema and Google’s image and video extension schemas, and leaves out tags Google deprecated in 2022.',
  },
  {
    title: 'Safe by design',
    text: 'The crawler refuses private and internal network addresses on every request and redirect, obeys robots.txt, and bounds depth, size and time so no site can trap it.',
  },
];

function About() {
  const email = useSupportEmail();
  usePageMeta(PAGE_META['/about']);
  return (
    <article className="page prose-page">
      <PageHeader
        eyebrow="About"
        title="Sitemaps you can trust"
        lead="Mapsmith crawls your site the way a search engine does and writes sitemaps that list exactly the pages that belong in them."
      />
      <section aria-labelledby="mission">
        <h2 id="mission">Our mission</h2>
        <p>
          A sitemap is a promise to search engines: these are the pages worth crawling. Too many
          generators break that promise by listing redirects, error pages, duplicates and noindexed
          URLs, or by stamping every page with today’s date. Our mission is to make the correct
          sitemap the easy one, for a single blog and for a 100,000-page shop alike.
        </p>
      </section>
      <section aria-labelledby="numbers">
        <h2 id="numbers">Mapsmith in numbers</h2>
        <ul className="stat-grid">
          {STATS.map((s) => (
            <li key={s.label} className="stat-card">
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="values">
        <h2 id="values">What we value</h2>
        <div className="card-grid">
          {VALUES.map((v) => (
            <div key={v.title} className="card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="story">
        <h2 id="story">Our story</h2>
        <p>
          Mapsmith started as a script to fix one shop’s sitemap: it listed 40,000 URLs, of which
          barely half returned a page. Rebuilding it taught us how much a sitemap generator has to
          know: canonical tags, robots rules, hreflang alternates, script-rendered links, sitemap
          index files past 50,000 URLs, and which tags search engines still read.
        </p>
        <p>
          That script became a crawler with smart rendering: it fetches each page directly and opens
          it in a headless browser only when the page needs scripts to show its links. Today the
          same engine powers the hosted app and the{' '}
          <Link to="/about" hash="desktop">
            desktop app
          </Link>
          , which crawls from your own machine without an account.
        </p>
      </section>
      <section aria-labelledby="desktop" data-testid="desktop-downloads">
        <h2 id="desktop">Desktop app: downloads</h2>
        <p>
          <strong>No prebuilt installers are published yet.</strong> The desktop app (Linux,
          Windows, macOS) is built from the same source as this site; anyone can build it:
        </p>
        <ol>
          <li>
            Get the Mapsmith source and run <code>bash scripts/start.sh</code> once (it installs
            what the build needs).
          </li>
          <li>
            <code>npm run build:desktop</code>
          </li>
          <li>
            <code>npx electron-builder --projectDir packages/desktop --linux</code> (AppImage and
            deb), <code>--win</code> (NSIS installer) or <code>--mac</code> (dmg; sign and notarize
            on a Mac).
          </li>
        </ol>
        <p>
          The README’s “Desktop app” section has the details. The desktop app is free; link a Pro
          account with an <Link to="/api-docs">API token</Link> to lift the free limits.
        </p>
      </section>
      <section aria-labelledby="reach-us">
        <h2 id="reach-us">Talk to us</h2>
        <p>
          Write to <a href={`mailto:${email}`}>{email}</a>. We answer within{' '}
          {SUPPORT_HOURS.standard} hours, and within {SUPPORT_HOURS.pro} hours for{' '}
          <Link to="/subscribe">Pro</Link> users.
        </p>
      </section>
    </article>
  );
}

/** The lazily loaded half of `/about`: its screen (the route itself is in `about.tsx`). */
export const aboutLazyRoute = createLazyRoute('/about')({
  component: About,
});
