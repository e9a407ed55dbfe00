import { FREE_ALLOWANCE } from '@mapsmith/core/browser';

const FEATURES = [
  {
    title: 'Smart rendering',
    text: 'Pages are fetched directly and opened in headless Chromium only when their links need JavaScript, so single-page apps are crawled completely.',
  },
  {
    title: 'Only pages that belong',
    text: 'Redirects, errors, noindex pages, robots.txt-blocked URLs and non-canonical duplicates are left out, each with its reason in the report.',
  },
  {
    title: 'Eight formats',
    text: 'XML, HTML, RSS, JSON, plain text, XML with images, and dedicated image and video sitemaps, with gzip for the XML family.',
  },
  {
    title: 'Standards-valid XML',
    text: 'Files validate against the sitemaps.org and Google extension schemas, split into a sitemap index past 50,000 URLs or 50 MB.',
  },
  {
    title: 'SEO health check',
    text: 'A score with broken links, response times, structured data and image coverage, plus concrete recommendations.',
  },
  {
    title: 'Honest notification',
    text: 'URLs are submitted with IndexNow, and you see what each search engine actually answered. No fake “ping successful”.',
  },
];

const HOW_TO = [
  {
    title: 'Enter URL',
    text: 'Type your home page address. The crawl stays on your site and obeys robots.txt.',
  },
  {
    title: 'Smart Crawl',
    text: `Smart rendering follows every link, static or script-drawn. Free accounts get ${FREE_ALLOWANCE.perCrawl}.`,
  },
  {
    title: 'Download Files',
    text: 'Pick the formats you need, upload sitemap.xml to your site root and reference it in robots.txt.',
  },
];

/** The generator, features and how-to information sections of the home page. */
export function InfoSections() {
  return (
    <>
      <section className="section" id="features" aria-labelledby="features-title">
        <p className="eyebrow">Features</p>
        <h2 id="features-title">Everything a sitemap needs, nothing it should not have</h2>
        <div className="card-grid three">
          {FEATURES.map((f) => (
            <div key={f.title} className="card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="section" id="how-to" aria-labelledby="how-to-title">
        <p className="eyebrow">How it works</p>
        <h2 id="how-to-title">From URL to sitemap in three steps</h2>
        <ol className="how-steps">
          {HOW_TO.map((s, i) => (
            <li key={s.title} className="card">
              <span className="step-num how-num" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
