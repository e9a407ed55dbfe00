import {
  nextRunAfter,
  reportRecipientsInput,
  type Schedule,
  type ScheduleCreateInput,
} from '@mapsmith/core/browser';
import { type FormEvent, useMemo, useState } from 'react';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { useApi } from '../app/use-api';
import { CrawlSettingsPanel } from '../components/CrawlSettingsPanel';
import { FieldError } from '../components/FieldError';
import {
  formFromSettings,
  SETTINGS_FIELDS,
  type SettingsForm,
  settingsFromForm,
} from '../crawl/settings-form';
import { ReportRecipientsField } from './ReportRecipientsField';
import { ServerActionsNote } from './ServerActionsNote';
import { browserTimeZone, timeZones, WEEKDAYS, zonedWords } from './schedule-words';

/** The fields of the form an error can be shown under, named as the API names them. */
const SCHEDULE_FIELDS = [
  'url',
  'frequency',
  'weekday',
  'monthDay',
  'time',
  'timeZone',
  ...SETTINGS_FIELDS,
  'reportTo',
] as const;

/** The form's fields as text, the way inputs hold them. */
interface Draft {
  url: string;
  frequency: Schedule['frequency'];
  weekday: string;
  monthDay: string;
  time: string;
  timeZone: string;
  /** The crawl settings of every run (the same panel as a one-off crawl's). */
  settings: SettingsForm;
  publish: boolean;
  mail: boolean;
  indexNow: boolean;
  /** The client addresses mailed the report, one a line (commas and spaces separate too). */
  reportTo: string;
}

/** A schedule's draft; a new one on the desktop (no server to publish or mail) starts with none. */
function draftOf(s: Schedule | null, desktop: boolean): Draft {
  return {
    url: s?.url ?? '',
    frequency: s?.frequency ?? 'weekly',
    weekday: String(s?.weekday ?? 1),
    monthDay: String(s?.monthDay ?? 1),
    time: s?.time ?? '06:00',
    timeZone: s?.timeZone ?? browserTimeZone(),
    settings: formFromSettings(s?.settings),
    publish: s?.after.publish ?? !desktop,
    mail: s?.after.mail ?? !desktop,
    indexNow: s?.after.indexNow ?? false,
    reportTo: (s?.reportTo ?? []).join('\n'),
  };
}

/** The addresses of the field's text: split at line ends, commas, semicolons and spaces. */
function addressesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** The contract input of a draft; the server checks it and answers in words when it is wrong. */
function inputOf(d: Draft): ScheduleCreateInput {
  const settings = settingsFromForm(d.settings) ?? {};
  return {
    url: d.url.trim(),
    frequency: d.frequency,
    weekday: d.frequency === 'weekly' ? Number(d.weekday) : null,
    monthDay: d.frequency === 'monthly' ? Number(d.monthDay) : null,
    time: d.time,
    timeZone: d.timeZone,
    settings,
    after: { publish: d.publish, mail: d.mail, indexNow: d.indexNow },
    reportTo: addressesOf(d.reportTo),
  };
}

/** The API's field of each draft field that has one. */
const FIELD_OF = {
  url: 'url',
  frequency: 'frequency',
  weekday: 'weekday',
  monthDay: 'monthDay',
  time: 'time',
  timeZone: 'timeZone',
  reportTo: 'reportTo',
} as const satisfies Partial<Record<keyof Draft, (typeof SCHEDULE_FIELDS)[number]>>;

/** "Next run: Mon, May 4, 06:00 (Europe/Berlin)", or nothing while the fields are incomplete. */
function nextRunWords(d: Draft): string | null {
  if (!/^\d\d:\d\d$/.test(d.time)) return null;
  try {
    const at = nextRunAfter(inputOf(d), Date.now());
    return `Next run: ${zonedWords(new Date(at).toISOString(), d.timeZone)} (${d.timeZone})`;
  } catch {
    return null;
  }
}

/**
 * Create or edit a schedule (issue 13): site, frequency, time of day in the user's time zone,
 * the crawl settings of every run, and what happens after each run. The next run is previewed with the
 * same core function the server schedules with.
 */
export function ScheduleForm(props: {
  schedule: Schedule | null;
  busy: boolean;
  /** Saves the schedule; answers the refusal, if any, which the form shows where it belongs. */
  onSubmit(input: ScheduleCreateInput): Promise<unknown>;
  onCancel?: () => void;
}) {
  const desktop = useApi().shell === 'desktop';
  const [d, setD] = useState<Draft>(() => draftOf(props.schedule, desktop));
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(SCHEDULE_FIELDS);
  const zones = useMemo(timeZones, []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    if (key in FIELD_OF) fields.clear(FIELD_OF[key as keyof typeof FIELD_OF]);
    setD((v) => ({ ...v, [key]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    fields.clear();
    if (!d.url.trim()) {
      fields.show('url', 'Enter the site’s address, such as example.com');
      return;
    }
    // The contract's own rule (count, address shape, repeats), said before the round trip.
    const recipients = reportRecipientsInput.safeParse(addressesOf(d.reportTo));
    if (!recipients.success) {
      fields.show('reportTo', recipients.error.issues[0]?.message ?? 'Check the addresses');
      return;
    }
    const refused = await props.onSubmit(inputOf(d));
    if (refused && !fields.fromApi(refused))
      setError(errorText(refused, 'The schedule could not be saved. Please try again.'));
  };
  const editing = props.schedule !== null;
  const next = nextRunWords(d);
  return (
    <form
      className="schedule-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={editing ? 'Edit schedule' : 'New schedule'}
    >
      <div className="filter-field form-wide">
        <label htmlFor="schedule-url">Site URL</label>
        <input
          id="schedule-url"
          type="text"
          inputMode="url"
          autoComplete="url"
          required
          placeholder="example.com"
          value={d.url}
          onChange={(e) => set('url', e.target.value)}
          {...fields.input('url')}
        />
        <FieldError id={fields.errorId('url')} message={fields.errors.url} />
      </div>
      <div className="filter-field">
        <label htmlFor="schedule-frequency">Frequency</label>
        <select
          id="schedule-frequency"
          value={d.frequency}
          onChange={(e) => set('frequency', e.target.value as Draft['frequency'])}
          {...fields.input('frequency')}
        >
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </select>
        <FieldError id={fields.errorId('frequency')} message={fields.errors.frequency} />
      </div>
      {d.frequency === 'weekly' && (
        <div className="filter-field">
          <label htmlFor="schedule-weekday">On</label>
          <select
            id="schedule-weekday"
            value={d.weekday}
            onChange={(e) => set('weekday', e.target.value)}
            {...fields.input('weekday')}
          >
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={String(i)}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={fields.errorId('weekday')} message={fields.errors.weekday} />
        </div>
      )}
      {d.frequency === 'monthly' && (
        <div className="filter-field">
          <label htmlFor="schedule-day">Day of the month</label>
          <input
            id="schedule-day"
            type="number"
            min={1}
            max={31}
            value={d.monthDay}
            onChange={(e) => set('monthDay', e.target.value)}
            {...fields.input('monthDay')}
            aria-describedby={
              fields.errors.monthDay
                ? `schedule-day-note ${fields.errorId('monthDay')}`
                : 'schedule-day-note'
            }
          />
          <span id="schedule-day-note" className="muted small">
            Shorter months run on their last day.
          </span>
          <FieldError id={fields.errorId('monthDay')} message={fields.errors.monthDay} />
        </div>
      )}
      <div className="filter-field">
        <label htmlFor="schedule-time">Time</label>
        <input
          id="schedule-time"
          type="time"
          required
          value={d.time}
          onChange={(e) => set('time', e.target.value)}
          {...fields.input('time')}
        />
        <FieldError id={fields.errorId('time')} message={fields.errors.time} />
      </div>
      <div className="filter-field">
        <label htmlFor="schedule-zone">Time zone</label>
        <select
          id="schedule-zone"
          value={d.timeZone}
          onChange={(e) => set('timeZone', e.target.value)}
          {...fields.input('timeZone')}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        <FieldError id={fields.errorId('timeZone')} message={fields.errors.timeZone} />
      </div>
      <div className="form-wide">
        <CrawlSettingsPanel
          value={d.settings}
          onChange={(next) => set('settings', next)}
          lock={null}
          fields={fields}
          keepsStored={editing}
        />
      </div>
      {desktop ? (
        <ServerActionsNote />
      ) : (
        <>
          <fieldset className="form-wide">
            <legend>After each run</legend>
            <label>
              <input
                type="checkbox"
                checked={d.publish}
                onChange={(e) => set('publish', e.target.checked)}
              />
              Keep the sitemap current at a stable URL
            </label>
            <label>
              <input
                type="checkbox"
                checked={d.mail}
                onChange={(e) => set('mail', e.target.checked)}
              />
              Mail me a summary
            </label>
            <label>
              <input
                type="checkbox"
                checked={d.indexNow}
                onChange={(e) => set('indexNow', e.target.checked)}
              />
              Submit changed URLs with IndexNow (when the site's key file is live)
            </label>
          </fieldset>
          <ReportRecipientsField
            value={d.reportTo}
            onChange={(next) => set('reportTo', next)}
            unsubscribed={props.schedule?.reportUnsubscribed ?? []}
            fields={fields}
          />
        </>
      )}
      <p className="form-wide muted small" role="status" data-testid="next-run">
        {next ?? ''}
      </p>
      {error && (
        <p className="form-wide field-error" role="alert" data-testid="schedule-error">
          {error}
        </p>
      )}
      <div className="form-wide schedule-actions">
        <button type="submit" className="button primary" disabled={props.busy}>
          {editing ? 'Save schedule' : 'Create schedule'}
        </button>
        {props.onCancel && (
          <button type="button" className="button ghost" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
