import { createRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageMeta } from '../app/page-meta';
import { rootRoute } from './__root';

function Home() {
  usePageMeta({
    title: 'Free XML Sitemap Generator & Validator (100 URLs Free) | Mapsmith',
    description:
      'Crawl your website and download XML, HTML, RSS, image and video sitemaps. Free for 100 URLs, with an SEO health check and a sitemap validator.',
    canonicalPath: '/',
  });
  const [url, setUrl] = useState('');
  const steps = ['Enter URL', 'AI Crawls Site', 'Download Files'];
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Free XML Sitemap Generator</h1>
      <p className="lead">
        Crawl your site and download sitemaps that search engines accept. 100 URLs free.
      </p>
      <form className="hero-form" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="site-url" className="visually-hidden">
          Website URL
        </label>
        <input
          id="site-url"
          type="url"
          placeholder="https://example.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="button primary">
          Generate Now
        </button>
      </form>
      <ol className="steps">
        {steps.map((step, i) => (
          <li key={step} data-done={i === 0 && url.trim() !== ''}>
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/`: the home page. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: Home,
});
