import { useState } from 'react';
import { httpGetUrl } from '../api/http-api';
import { errorText } from '../app/errors';
import { saveFile } from '../app/save-file';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

/**
 * "Download PDF" of a crawl's client report (issue 29 point 3). Hosted, a link the browser
 * downloads itself; on the desktop, the main process prints it with the machine's Chromium and
 * the file is saved through the download path (the native save dialog).
 */
export function ReportPdfButton(props: { jobId: string }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (api.shell === 'hosted')
    return (
      <a
        className="button"
        href={httpGetUrl('crawl.pdf', { jobId: props.jobId })}
        download
        data-testid="share-pdf"
      >
        Download PDF
      </a>
    );
  const download = async () => {
    setBusy(true);
    try {
      const file = await api.call('crawl.pdf', { jobId: props.jobId });
      saveFile(file.bytes, file.contentType, file.fileName);
      toast({ title: 'Download Started', description: file.fileName, variant: 'success' });
    } catch (err) {
      toast({
        title: 'PDF Failed',
        description: errorText(err, 'The PDF could not be printed. Please try again.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={download}
      data-testid="share-pdf"
    >
      {busy ? 'Printing...' : 'Download PDF'}
    </button>
  );
}
