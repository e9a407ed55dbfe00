import { PLAN_LIMITS } from '@mapsmith/core/browser';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { CrawlPhase } from '../crawl/use-crawl';

const STEPS = ['Enter URL', 'Smart Crawl', 'Download Files'];

/** The hero: URL input, Generate Now and the three progress steps (spec §2, §4). */
export function Hero(props: {
  phase: CrawlPhase;
  onGenerate(url: string): void;
  /** A URL typed before signing in, shown again (see pending-crawl.ts). */
  initialUrl?: string;
  /** The crawl settings panel, under the URL field. */
  settings?: ReactNode;
}) {
  const [url, setUrl] = useState(props.initialUrl ?? '');
  const busy = props.phase === 'starting' || props.phase === 'crawling';
  const done = [
    url.trim() !== '',
    busy || props.phase === 'completed',
    props.phase === 'completed',
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onGenerate(url);
  };
  return (
    <section className="hero" aria-labelledby="hero-title" id="generator">
      <p className="eyebrow">Free XML sitemap generator &amp; validator</p>
      <h1 id="hero-title">Generate a sitemap search engines trust</h1>
      <p className="lead">
        Enter your site and Mapsmith crawls it with smart rendering, then gives you XML, HTML, RSS,
        image and video sitemaps plus an SEO health check. {PLAN_LIMITS.free.pagesPerCrawl} URLs
        free.
      </p>
      <form className="hero-form" onSubmit={submit} noValidate>
        <label htmlFor="site-url" className="visually-hidden">
          Website URL
        </label>
        <input
          id="site-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="button primary large" disabled={busy}>
          {busy ? 'Crawling...' : 'Generate Now'}
        </button>
      </form>
      {props.settings}
      <ol className="steps" aria-label="Progress">
        {STEPS.map((step, i) => (
          <li key={step} className="step" data-done={done[i]}>
            <span className="step-num" aria-hidden="true">
              {done[i] ? '✓' : i + 1}
            </span>
            <span>{step}</span>
            <span className="visually-hidden">{done[i] ? ' (done)' : ''}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
