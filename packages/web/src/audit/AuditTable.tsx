import { type AuditResult, auditVerdictText } from '@mapsmith/core/browser';

function Flag(props: { on: boolean; children: string }) {
  return props.on ? <span className="audit-flag">{props.children}</span> : null;
}

/**
 * The audit's table, styled like the crawl report's URL table: one row per listed URL with its
 * verdict, final status, redirect target, what it says about indexing, and its answer time.
 */
export function AuditTable(props: { rows: AuditResult[]; busy: boolean }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="table-scroll" aria-label="Audit table" tabIndex={0}>
      <table className="url-table audit-table" aria-busy={props.busy} data-testid="audit-table">
        <caption className="visually-hidden">The live status of every listed URL</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Verdict</th>
            <th scope="col" className="num">
              Status
            </th>
            <th scope="col">Redirects to</th>
            <th scope="col" className="col-flags">
              Indexing
            </th>
            <th scope="col" className="num">
              Time (ms)
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.url} data-verdict={r.verdict}>
              <td className="col-url">
                <a className="url-cell" href={r.url} target="_blank" rel="noreferrer noopener">
                  {r.url}
                </a>
              </td>
              <td>
                <span className="audit-verdict" data-verdict={r.verdict}>
                  {auditVerdictText(r)}
                </span>
                {r.error ? <span className="muted audit-error"> ({r.error})</span> : null}
              </td>
              <td className="num">
                {r.redirectStatus ? `${r.redirectStatus} → ` : ''}
                {r.status ?? '-'}
              </td>
              <td className="col-url">{r.redirectTarget ?? ''}</td>
              <td className="col-flags">
                <Flag on={r.noindex}>noindex</Flag>
                {r.canonical ? <span className="audit-flag">canonical: {r.canonical}</span> : null}
                <Flag on={r.blocked}>robots.txt</Flag>
                {r.contentType && r.verdict === 'not-html' ? (
                  <span className="audit-flag">{r.contentType}</span>
                ) : null}
              </td>
              <td className="num">{r.responseMs.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
