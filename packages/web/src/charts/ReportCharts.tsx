import type { CrawlCharts } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import type { ChartPick } from './chart-bars';
import { SiteCharts } from './SiteCharts';

/**
 * The charts above the crawl report's URL table: reads `crawl.charts` once per crawl and draws
 * `SiteCharts`. Loaded on its own (`React.lazy`), so the first load of the app does not carry it.
 */
export default function ReportCharts(props: {
  jobId: string;
  active: ChartPick;
  onPick(pick: ChartPick): void;
}) {
  const api = useApi();
  const { jobId } = props;
  const [answer, setAnswer] = useState<{ jobId: string; charts?: CrawlCharts; error?: string }>();
  useEffect(() => {
    let live = true;
    api.call('crawl.charts', { jobId }).then(
      (charts) => live && setAnswer({ jobId, charts }),
      (err) => live && setAnswer({ jobId, error: errorText(err, 'The charts could not be read.') }),
    );
    return () => {
      live = false;
    };
  }, [api, jobId]);
  const here = answer?.jobId === jobId ? answer : undefined;
  return (
    <section className="report-charts" aria-labelledby="charts-title">
      <h3 id="charts-title">The site at a glance</h3>
      {here?.error && (
        <p role="alert" className="field-error">
          {here.error}
        </p>
      )}
      {here?.charts ? (
        <SiteCharts charts={here.charts} active={props.active} onPick={props.onPick} />
      ) : (
        !here && (
          <p className="muted" role="status">
            Reading the charts…
          </p>
        )
      )}
    </section>
  );
}
