import type { ReportFilter } from '@mapsmith/core/browser';
import { useState } from 'react';
import { httpGetUrl } from '../api/http-api';
import { errorText } from '../app/errors';
import { plural } from '../app/format';
import { saveFile, saveLink } from '../app/save-file';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { isFiltered } from './report-search';

const FORMATS = [
  { format: 'csv', label: 'CSV', note: 'opens in a spreadsheet' },
  { format: 'jsonl', label: 'JSON Lines', note: 'one JSON object per URL' },
] as const;

/**
 * The "Crawl report" downloads: every row of the URL table as CSV or JSON Lines, of all rows
 * or of the table's current filter. `disabledReason` says why there is nothing to download.
 */
export function ReportDownloads(props: {
  jobId: string;
  filter: ReportFilter;
  total: number;
  disabledReason: string | null;
}) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [scope, setScope] = useState<'all' | 'filter'>('filter');
  const filtered = isFiltered(props.filter);
  const useFilter = filtered && scope === 'filter';
  const download = async (format: 'csv' | 'jsonl') => {
    const { sort, dir, verdict, reason, q, issue, sitemap, scope: side } = props.filter;
    const input = {
      jobId: props.jobId,
      format,
      ...(useFilter ? { verdict, reason, q, issue, sitemap, scope: side } : {}),
      sort,
      dir,
    };
    if (api.shell === 'hosted') {
      // A million-row report streams from the server straight to disk: a link the browser
      // downloads itself, never the whole file in this page's memory.
      saveLink(httpGetUrl('crawl.report', input));
      toast({
        title: 'Download Started',
        description: `Crawl report (.${format})`,
        variant: 'success',
      });
      return;
    }
    setBusy(format);
    try {
      const file = await api.call('crawl.report', input);
      saveFile(file.bytes, file.contentType, file.fileName);
      toast({ title: 'Download Started', description: file.fileName, variant: 'success' });
    } catch (err) {
      toast({
        title: 'Download Failed',
        description: errorText(err, 'Unable to download the crawl report. Please try again.'),
        variant: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="report-downloads" aria-labelledby="report-downloads-title">
      <h3 id="report-downloads-title">Crawl report</h3>
      {filtered && (
        <fieldset className="scope-choice">
          <legend className="visually-hidden">Rows to download</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="report-scope"
              checked={scope === 'filter'}
              onChange={() => setScope('filter')}
            />
            <span>The current filter</span>
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="report-scope"
              checked={scope === 'all'}
              onChange={() => setScope('all')}
            />
            <span>All {plural(props.total, 'URL')}</span>
          </label>
        </fieldset>
      )}
      <div className="report-download-buttons">
        {FORMATS.map(({ format, label, note }) => (
          <div key={format} className="download-with-reason">
            <button
              type="button"
              className="button download-button"
              data-report-format={format}
              disabled={busy !== null || props.disabledReason !== null}
              aria-describedby={props.disabledReason ? `report-${format}-why` : undefined}
              onClick={() => download(format)}
            >
              <span>{busy === format ? 'Preparing...' : `Crawl report (${label})`}</span>
              <span className="format-tag">.{format}</span>
            </button>
            <span id={`report-${format}-why`} className="muted small">
              {props.disabledReason ?? note}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
