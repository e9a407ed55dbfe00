import {
  ApiCallError,
  canGzip,
  type DownloadAvailability,
  EXPORT_FORMATS,
  type ExportFormat,
} from '@mapsmith/core/browser';
import { useState } from 'react';
import { plural } from '../app/format';
import { saveFile } from '../app/save-file';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

/** A downloaded sitemap index and the parts it lists. */
interface SplitExport {
  format: ExportFormat;
  compress: boolean;
  /** The index's file name. */
  index: string;
  parts: number;
}

/**
 * The parts of a split sitemap (over 50,000 URLs or 50 MB): the index just downloaded lists
 * them at the site's root, so each is offered here to be saved and uploaded beside it.
 */
function SitemapParts(props: {
  split: SplitExport;
  busy: boolean;
  onDownload: (part: number) => void;
}) {
  const { split } = props;
  const numbers = Array.from({ length: split.parts }, (_v, i) => i + 1);
  return (
    <div className="sitemap-parts notice small" data-testid="sitemap-parts">
      <p>
        <strong>{split.index}</strong> is a sitemap index: it lists {plural(split.parts, 'file')},
        each of at most 50,000 URLs. Download them and upload them beside it at your site's root.
      </p>
      <div className="sitemap-part-buttons">
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className="button small"
            disabled={props.busy}
            onClick={() => props.onDownload(n)}
          >
            Part {n}
          </button>
        ))}
      </div>
    </div>
  );
}

const LABELS: Record<ExportFormat, string> = {
  xml: 'XML Sitemap',
  html: 'HTML Sitemap',
  rss: 'RSS Feed',
  json: 'JSON',
  txt: 'Plain Text',
  'xml-images': 'XML + Images',
  images: 'Image Sitemap',
  videos: 'Video Sitemap',
};

/**
 * The gzip checkbox and the eight download buttons (spec §2, §8). A button whose file cannot
 * exist is disabled with its reason under it: `disabledReason` for all of them (nothing was
 * listed), else the crawl's per-format `availability`. `lastmodNote` says why every file
 * leaves lastmod out (one rule for all formats), under the buttons.
 */
export function DownloadPanel(props: {
  jobId: string;
  availability?: DownloadAvailability[];
  disabledReason?: string | null;
  lastmodNote?: string | null | undefined;
}) {
  const api = useApi();
  const toast = useToast();
  const [gzip, setGzip] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [split, setSplit] = useState<SplitExport | null>(null);
  const download = async (format: ExportFormat, part?: number) => {
    setBusy(format);
    try {
      const compress = part === undefined ? gzip && canGzip(format) : (split?.compress ?? false);
      const file = await api.call('export.generate', {
        jobId: props.jobId,
        format,
        ...(compress ? { compress: true } : {}),
        ...(part === undefined ? {} : { part }),
      });
      saveFile(file.bytes, file.contentType, file.fileName);
      if (part === undefined)
        setSplit(file.parts ? { format, compress, index: file.fileName, parts: file.parts } : null);
      toast({ title: 'Download Started', description: file.fileName, variant: 'success' });
    } catch (err) {
      // A sitemap with nothing to list is not worth retrying: show the server's reason.
      const nothing =
        err instanceof ApiCallError && err.code === 'export.nothing-to-list' && err.body?.message;
      toast({
        title: 'Download Failed',
        description: nothing || 'Unable to download the file. Please try again.',
        variant: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  const whyNot = (format: ExportFormat): string | null => {
    const found = props.availability?.find((a) => a.format === format);
    return found && !found.available ? (found.reason ?? 'This file would be empty.') : null;
  };
  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <h3 id="downloads-title">Download your files</h3>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={gzip}
          disabled={Boolean(props.disabledReason)}
          onChange={(e) => setGzip(e.target.checked)}
        />
        <span>
          Compress with gzip{' '}
          <span className="muted">(XML, XML + Images, Image and Video sitemaps)</span>
        </span>
      </label>
      {props.disabledReason && (
        <p id="downloads-why" className="notice notice-warning small" data-testid="downloads-why">
          Downloads are off: {props.disabledReason}
        </p>
      )}
      <div className="download-grid">
        {EXPORT_FORMATS.map((format) => {
          const why = whyNot(format);
          // One reason for every button is said once above them; each button points at it.
          const describedBy = props.disabledReason
            ? 'downloads-why'
            : why
              ? `download-${format}-why`
              : undefined;
          return (
            <div key={format} className="download-with-reason">
              <button
                type="button"
                className="button download-button"
                data-format={format}
                onClick={() => download(format)}
                disabled={busy !== null || why !== null || Boolean(props.disabledReason)}
                aria-describedby={describedBy}
                title={props.disabledReason ?? why ?? undefined}
              >
                <span>{busy === format ? 'Preparing...' : LABELS[format]}</span>
                <span className="format-tag">
                  .
                  {format === 'xml-images' || format === 'images' || format === 'videos'
                    ? 'xml'
                    : format}
                  {gzip && canGzip(format) ? '.gz' : ''}
                </span>
              </button>
              {why && !props.disabledReason && (
                <span id={`download-${format}-why`} className="download-why muted small">
                  {why}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {props.lastmodNote && !props.disabledReason && (
        <p className="notice small" role="note" data-testid="lastmod-note">
          {props.lastmodNote}
        </p>
      )}
      {split && (
        <SitemapParts
          split={split}
          busy={busy !== null}
          onDownload={(n) => download(split.format, n)}
        />
      )}
    </section>
  );
}
