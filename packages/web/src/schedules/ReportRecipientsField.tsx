import { MAX_REPORT_RECIPIENTS, type Schedule } from '@mapsmith/core/browser';
import type { FieldErrors } from '../app/field-errors';
import { formatDate } from '../app/format';
import { FieldError } from '../components/FieldError';

/**
 * "Mail the report to" (issue 29 point 3): the client addresses a schedule mails each
 * completed run's report to, one a line, with the addresses that unsubscribed listed below
 * (they get no mail even when listed again). Errors of the contract's rule show under it.
 */
export function ReportRecipientsField(props: {
  value: string;
  onChange(value: string): void;
  unsubscribed: Schedule['reportUnsubscribed'];
  fields: FieldErrors<'reportTo'>;
}) {
  const { fields } = props;
  const noteId = 'schedule-report-to-note';
  return (
    <div className="filter-field form-wide">
      <label htmlFor="schedule-report-to">Mail the report to</label>
      <textarea
        id="schedule-report-to"
        rows={3}
        autoComplete="off"
        spellCheck={false}
        placeholder="client@example.com"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...fields.input('reportTo')}
        aria-describedby={
          fields.errors.reportTo ? `${noteId} ${fields.errorId('reportTo')}` : noteId
        }
      />
      <span id={noteId} className="muted small">
        Up to {MAX_REPORT_RECIPIENTS} client addresses, one a line. After each completed run each
        gets the summary, a report link that works for 30 days and its own unsubscribe link.
      </span>
      <FieldError id={fields.errorId('reportTo')} message={fields.errors.reportTo} />
      {props.unsubscribed.length > 0 && (
        <div className="muted small" data-testid="report-unsubscribed">
          Unsubscribed, so no longer mailed:{' '}
          {props.unsubscribed.map((u) => `${u.email} (${formatDate(u.at)})`).join(', ')}
        </div>
      )}
    </div>
  );
}
