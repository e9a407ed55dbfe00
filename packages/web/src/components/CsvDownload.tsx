import type { ExportFile } from '@mapsmith/core/browser';
import { errorText } from '../app/errors';
import { saveFile, saveLink } from '../app/save-file';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

/**
 * "Download CSV" of a table, or of its current filter ("Download CSV (Redirect)"): hosted, the
 * browser streams `href` to disk itself, so a table of any size downloads without passing
 * through memory; in the desktop app, which has no HTTP server, `file` asks for the bytes.
 */
export function CsvDownload(props: {
  href: string;
  filterLabel?: string | undefined;
  file?: () => Promise<ExportFile>;
}) {
  const api = useApi();
  const toast = useToast();
  const { file } = props;
  const download = async () => {
    if (api.shell === 'hosted' || !file) return saveLink(props.href);
    try {
      const got = await file();
      saveFile(got.bytes, got.contentType, got.fileName);
    } catch (err) {
      toast({
        title: 'Download Failed',
        description: errorText(err, 'Unable to download the CSV. Please try again.'),
        variant: 'error',
      });
    }
  };
  return (
    <div className="audit-actions">
      <button type="button" className="button" onClick={() => void download()}>
        Download CSV{props.filterLabel ? ` (${props.filterLabel})` : ''}
      </button>
    </div>
  );
}
