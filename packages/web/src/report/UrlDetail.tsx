import type { ReportUrlDetail } from '@mapsmith/core/browser';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import { DetailFacts } from './DetailFacts';

/**
 * One URL in detail, in a modal `<dialog>` (focus moves into it, Escape closes it, focus
 * returns to the row): why it is or is not in the sitemap, then everything the crawl learnt.
 */
export function UrlDetail(props: { jobId: string; url: string; onClose(): void }) {
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const [detail, setDetail] = useState<ReportUrlDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  useEffect(() => {
    let live = true;
    setDetail(null);
    setError(null);
    api.call('crawl.url', { jobId: props.jobId, url: props.url }).then(
      (d) => live && setDetail(d),
      (err) => live && setError(errorText(err, 'This URL could not be read.')),
    );
    return () => {
      live = false;
    };
  }, [api, props.jobId, props.url]);

  return (
    <dialog
      ref={dialog}
      className="url-detail"
      aria-labelledby="url-detail-title"
      data-testid="url-detail"
      onClose={props.onClose}
    >
      <div className="url-detail-head">
        <h2 id="url-detail-title">URL detail</h2>
        <button type="button" className="button small" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p className="url-detail-url">{props.url}</p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {!error && !detail && (
        <p className="muted" role="status">
          Reading this URL...
        </p>
      )}
      {detail && <DetailFacts detail={detail} />}
    </dialog>
  );
}
