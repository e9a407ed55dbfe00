import type { ValidationResult } from '@mapsmith/core/browser';
import { plural } from '../app/format';

/** Warnings shown before the "more" line (spec §9). */
export const SHOWN_WARNINGS = 5;

/** The checker's results box (spec §2): counts, every error, the first 5 warnings. */
export function CheckerResults(props: { result: ValidationResult; source: string }) {
  const { result } = props;
  const isIndex = result.kind === 'sitemapindex';
  const hidden = result.warnings.length - SHOWN_WARNINGS;
  return (
    <section
      className="checker-results card"
      aria-labelledby="checker-results-title"
      data-valid={result.isValid}
      data-testid="checker-results"
    >
      <h3 id="checker-results-title">
        {result.isValid ? 'Your sitemap is valid!' : 'Issues found in your sitemap'}
      </h3>
      <p className="muted checker-source">{props.source}</p>
      <dl className="checker-counts">
        <div>
          <dt>{isIndex ? 'Valid Sitemaps' : 'Valid URLs'}</dt>
          <dd data-testid="valid-count">{result.stats.validUrls}</dd>
        </div>
        <div className={result.errors.length > 0 ? 'is-bad' : undefined}>
          <dt>Errors</dt>
          <dd data-testid="error-count">{result.errors.length}</dd>
        </div>
        <div>
          <dt>Warnings</dt>
          <dd data-testid="warning-count">{result.warnings.length}</dd>
        </div>
      </dl>
      {result.errors.length > 0 && (
        <>
          <h4>Errors</h4>
          <ul className="message-list error-list">
            {result.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages repeat; the list never reorders.
              <li key={i}>
                {e.line ? <span className="line-no">Line {e.line}: </span> : null}
                {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.warnings.length > 0 && (
        <>
          <h4>Warnings</h4>
          <ul className="message-list warning-list">
            {result.warnings.slice(0, SHOWN_WARNINGS).map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages repeat; the list never reorders.
              <li key={i}>
                {w.line ? <span className="line-no">Line {w.line}: </span> : null}
                {w.message}
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <p className="muted">...and {plural(hidden, 'more warning', 'more warnings')}</p>
          )}
        </>
      )}
    </section>
  );
}
