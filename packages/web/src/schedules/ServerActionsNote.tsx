/**
 * What a schedule does after its run in the desktop app, in place of the hosted form's "After
 * each run" choices (issue 27 point 5): this computer has no public server and no mail, so the
 * run's report stays in the app, and the server-side actions are the hosted site's.
 */
export function ServerActionsNote() {
  return (
    <div className="form-wide small" data-testid="schedule-desktop-note">
      <p>
        <strong>After each run</strong>: the run and what changed since the last one stay here, on
        this schedule and in your crawl history.
      </p>
      <p className="muted">
        Publishing the sitemap at a stable URL, notifying search engines (IndexNow) and mailing a
        report to you or your clients need a public server and mail, which this computer does not
        have: schedule the site on the hosted site for those.
      </p>
    </div>
  );
}
