import { ApiCallError, canGzip, EXPORT_FORMATS, type ExportFormat } from '@mapsmith/core/browser';
import { useState } from 'react';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

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

/** Saves bytes under a file name through a temporary object URL. */
function saveFile(bytes: Uint8Array, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The gzip checkbox and the eight download buttons (spec §2, §8). */
export function DownloadPanel(props: { jobId: string }) {
  const api = useApi();
  const toast = useToast();
  const [gzip, setGzip] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const compress = gzip && canGzip(format);
      const file = await api.call('export.generate', {
        jobId: props.jobId,
        format,
        ...(compress ? { compress: true } : {}),
      });
      saveFile(file.bytes, file.contentType, file.fileName);
      toast({ title: 'Download Started', description: file.fileName, variant: 'success' });
    } catch (err) {
      // A sitemap with nothing to list (422) is not worth retrying: show the server's reason.
      const nothing =
        err instanceof ApiCallError && err.code === 'export.empty' && err.body?.message;
      toast({
        title: 'Download Failed',
        description: nothing || 'Unable to download the file. Please try again.',
        variant: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <h3 id="downloads-title">Download your files</h3>
      <label className="checkbox">
        <input type="checkbox" checked={gzip} onChange={(e) => setGzip(e.target.checked)} />
        <span>
          Compress with gzip{' '}
          <span className="muted">(XML, XML + Images, Image and Video sitemaps)</span>
        </span>
      </label>
      <div className="download-grid">
        {EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="button download-button"
            data-format={format}
            onClick={() => download(format)}
            disabled={busy !== null}
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
        ))}
      </div>
    </section>
  );
}
