import type { PingKey, PingResult, ResultItem } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { formatDateTime, plural } from '../app/format';
import { type Toast, useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { PingKeyFile } from './PingKeyFile';

/** The sitemap address the ping uses: the first result's origin plus /sitemap.xml (spec §7). */
export function sitemapUrlFor(results: ResultItem[]): string | null {
  const first = results.find((r) => r.url);
  if (!first) return null;
  try {
    return `${new URL(first.url).origin}/sitemap.xml`;
  } catch {
    return null;
  }
}

/**
 * The toast for a notification's answer. Only the IndexNow submission counts: a real
 * submission is a success, a missing key file a warning (nothing was sent), a refusal an error.
 * Google and Bing are information lines and never make the summary look better or worse.
 */
export function pingToast(answer: PingResult, urlCount: number): Toast {
  const { successful, total } = answer.summary;
  if (total > 0 && successful === total) {
    return {
      title: 'URLs Submitted',
      description: `${plural(urlCount, 'URL')} submitted with IndexNow (Bing, Yandex and others).`,
      variant: 'success',
    };
  }
  if (!answer.keyFound) {
    return {
      title: 'Not submitted: publish your key file',
      description: 'Publish the key file shown in the box, then notify again.',
      variant: 'warning',
    };
  }
  const refusal = answer.engines.find((e) => e.kind === 'submission' && !e.ok);
  return {
    title: 'IndexNow Refused the Submission',
    description: refusal?.message ?? 'Nothing was submitted.',
    variant: 'error',
  };
}

/** The search-engine notification box: IndexNow submission with an honest per-engine report. */
export function PingBox(props: { jobId: string; results: ResultItem[] }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PingResult | null>(null);
  const [pingKey, setPingKey] = useState<PingKey | null>(null);
  const sitemapUrl = sitemapUrlFor(props.results);

  useEffect(() => {
    let live = true;
    // The crawl's last notification is kept: shown again after a reload, with its date.
    api.call('ping.last', { jobId: props.jobId }).then(
      (last) => live && last && setResult((shown) => shown ?? last),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, props.jobId]);

  useEffect(() => {
    if (!sitemapUrl) return;
    let live = true;
    // The desktop answers "only on the hosted site": the box then explains that on Notify.
    api.call('ping.key', { sitemapUrl }).then(
      (k) => live && setPingKey(k),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, sitemapUrl]);

  const ping = async () => {
    if (!sitemapUrl) {
      toast({ title: 'Ping Failed', description: 'No URLs found', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call('ping.submit', { sitemapUrl, jobId: props.jobId });
      setResult(answer);
      toast(pingToast(answer, props.results.length));
    } catch (err) {
      toast({
        title: 'Ping Failed',
        description: errorText(err, 'Unable to notify search engines'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ping-box" aria-labelledby="ping-title">
      <h3 id="ping-title">Notify search engines</h3>
      <p className="muted">
        We submit your URLs with IndexNow (Bing, Yandex and others), once your site serves its key
        file. Google has no ping endpoint: add a <code>Sitemap:</code> line to robots.txt and submit
        the sitemap in Search Console.
      </p>
      {pingKey && <PingKeyFile pingKey={pingKey} />}
      <button type="button" className="button" onClick={ping} disabled={busy}>
        {busy ? 'Notifying...' : 'Notify Search Engines'}
      </button>
      {result && <PingAnswer result={result} />}
    </section>
  );
}

/** A notification's answer, with when it was made and when the same URLs were last sent. */
function PingAnswer(props: { result: PingResult }) {
  const { result } = props;
  const sent = result.summary.successful > 0;
  return (
    <div data-testid="ping-result">
      <p className="small" data-testid="ping-when">
        <strong>
          {sent ? 'Sent' : 'Tried'} {formatDateTime(result.at)}
        </strong>
        : {plural(result.urls, 'URL')}
        {sent ? '.' : ', nothing was submitted.'}
        {result.lastSentAt && (
          <span data-testid="ping-last-sent">
            {' '}
            The same URLs were sent before on {formatDateTime(result.lastSentAt)}.
          </span>
        )}
      </p>
      <ul className="engine-list">
        {result.engines.map((e) => (
          <li key={e.name} data-ok={e.ok} data-kind={e.kind}>
            <strong>{e.name}:</strong> {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
