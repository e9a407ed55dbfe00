import type { PingResult, ResultItem } from '@mapsmith/core/browser';
import { useState } from 'react';
import { errorText } from '../app/errors';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

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

/** The search-engine notification box: IndexNow submission with an honest per-engine report. */
export function PingBox(props: { jobId: string; results: ResultItem[] }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PingResult | null>(null);
  const ping = async () => {
    const sitemapUrl = sitemapUrlFor(props.results);
    if (!sitemapUrl) {
      toast({ title: 'Ping Failed', description: 'No URLs found', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call('ping.submit', { sitemapUrl, jobId: props.jobId });
      setResult(answer);
      toast({
        title: 'Search Engines Notified!',
        description: `Successfully pinged ${answer.summary.successful} of ${answer.summary.total} search engines`,
        variant: 'success',
      });
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
        We submit your URLs with IndexNow (Bing, Yandex and others). Publish your IndexNow key file
        at your site’s root first. Google has no ping endpoint: add a <code>Sitemap:</code> line to
        robots.txt and submit the sitemap in Search Console.
      </p>
      <button type="button" className="button" onClick={ping} disabled={busy}>
        {busy ? 'Notifying...' : 'Notify Search Engines'}
      </button>
      {result && (
        <ul className="engine-list" data-testid="ping-result">
          {result.engines.map((e) => (
            <li key={e.name} data-ok={e.ok}>
              <strong>{e.name}:</strong> {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
