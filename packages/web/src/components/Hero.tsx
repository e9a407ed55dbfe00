import { type CrawlJob, PLAN_LIMITS } from '@mapsmith/core/browser';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors } from '../app/field-errors';
import type { CrawlField, CrawlPhase } from '../crawl/use-crawl';
import { FieldError } from './FieldError';

const STEPS = ['Enter URL', 'Smart Crawl', 'Download Files'];

/**
 * Which steps are done, from the crawl itself, never from what is typed (defects 12 and 42):
 * the address is done once a crawl of it was accepted (so refused input never ticks it, and a
 * reload of `/?job=` does), the crawl once it runs or ran, the files once there are files.
 */
export function doneSteps(phase: CrawlPhase, job: CrawlJob | null): boolean[] {
  const accepted = job !== null;
  const listed = job?.outcome
    ? !job.outcome.nothingListed && job.outcome.listed > 0
    : (job?.pagesCrawled ?? 0) > 0;
  return [
    accepted,
    accepted && (phase === 'crawling' || phase === 'completed'),
    accepted && phase === 'completed' && listed,
  ];
}

/** The hero: URL input, Generate Now and the three progress steps (spec §2, §4). */
export function Hero(props: {
  phase: CrawlPhase;
  onGenerate(url: string): void;
  /** A URL typed before signing in, shown again (see pending-crawl.ts). */
  initialUrl?: string;
  /** The crawl settings panel, under the URL field. */
  settings?: ReactNode;
  /** The crawl shown (the one of `?job=`), whose address fills an empty field. */
  job: CrawlJob | null;
  /** The form's inline errors. */
  fields: FieldErrors<CrawlField>;
}) {
  const { job, fields } = props;
  const [url, setUrl] = useState(props.initialUrl ?? '');
  const busy = props.phase === 'starting' || props.phase === 'crawling';
  const done = doneSteps(props.phase, job);
  const shownUrl = job?.url;
  // After a reload of `/?job=`, the field shows the address of the crawl on screen.
  useEffect(() => {
    if (shownUrl) setUrl((typed) => (typed.trim() === '' ? shownUrl : typed));
  }, [shownUrl]);
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
          placeholder="example.com"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            fields.clear('url');
          }}
          {...fields.input('url')}
        />
        <button type="submit" className="button primary large" disabled={busy}>
          {busy ? 'Crawling...' : 'Generate Now'}
        </button>
        <FieldError id={fields.errorId('url')} message={fields.errors.url} />
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
