import { MAX_BULK_SITES } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { plural } from '../app/format';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { EMPTY_SETTINGS_FORM, SETTINGS_FIELDS, settingsFromForm } from '../crawl/settings-form';
import { CrawlSettingsPanel } from './CrawlSettingsPanel';
import { FieldError } from './FieldError';

/** The fields of the bulk form an error can be shown under, named as the API names them. */
const BULK_FIELDS = ['list', ...SETTINGS_FIELDS] as const;

/** Largest list file read into the box (the contract's limit on the list's text). */
const MAX_FILE_BYTES = 256 * 1024;

/**
 * The bulk list form: paste sites one a line, or load a .txt or .csv file (its first column),
 * choose the crawl settings every site gets, and start. Bad lines are reported on the bulk's
 * page; the good ones start.
 */
export function BulkForm() {
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [list, setList] = useState('');
  const [settings, setSettings] = useState(EMPTY_SETTINGS_FORM);
  const [busy, setBusy] = useState(false);
  const fields = useFieldErrors(BULK_FIELDS);
  // Counted as the server counts site lines (blank lines and # comments aside); which lines
  // are bad is the server's answer, shown on the bulk page.
  const siteLines = list.split(/\r\n|\r|\n/).filter((l) => {
    const text = l.trim();
    return text !== '' && !text.startsWith('#');
  }).length;

  const load = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      fields.show('list', `A list file is at most 256 KB (${MAX_BULK_SITES} sites).`);
      return;
    }
    fields.clear('list');
    setList(await file.text());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    fields.clear();
    setBusy(true);
    try {
      const chosen = settingsFromForm(settings);
      const started = await api.call('bulk.start', {
        list,
        ...(chosen ? { settings: chosen } : {}),
      });
      const skipped = started.rejected.length;
      toast({
        title: 'Bulk crawl started',
        description: `${plural(started.accepted, 'site')} queued${skipped ? `; ${plural(skipped, 'line')} skipped (see why on the bulk page)` : ''}.`,
        variant: 'success',
      });
      void navigate({ to: '/bulk/$bulkId', params: { bulkId: started.bulkId } });
    } catch (err) {
      if (fields.fromApi(err)) return;
      toast({
        title: 'Could not start the bulk crawl',
        description: errorText(err, 'The list could not be started.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card bulk-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        New bulk crawl
      </h2>
      <label htmlFor={`${id}-list`}>Sites, one a line (at most {MAX_BULK_SITES})</label>
      <textarea
        id={`${id}-list`}
        rows={8}
        spellCheck={false}
        placeholder={'https://example.com\nshop.example.org\nhttps://blog.example.net/'}
        value={list}
        onChange={(e) => {
          setList(e.target.value);
          fields.clear('list');
        }}
        {...fields.input('list')}
      />
      <FieldError id={fields.errorId('list')} message={fields.errors.list} />
      <div className="bulk-form-row">
        <label className="button small file-button" htmlFor={`${id}-file`}>
          Load a .txt or .csv file
          <input
            id={`${id}-file`}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            className="visually-hidden"
            onChange={(e) => void load(e.target.files?.[0])}
          />
        </label>
        <span className="muted small" data-testid="bulk-count" aria-live="polite">
          {plural(siteLines, 'line')}
          {siteLines > MAX_BULK_SITES && ` (more than ${MAX_BULK_SITES} sites: split the list)`}
        </span>
      </div>
      <CrawlSettingsPanel value={settings} onChange={setSettings} lock={null} fields={fields} />
      <button type="submit" className="button primary" disabled={busy || siteLines === 0}>
        {busy ? 'Starting...' : 'Crawl these sites'}
      </button>
    </form>
  );
}
