import { saveLink } from '../app/save-file';

/**
 * "Download CSV" of a table, or of its current filter ("Download CSV (Redirect)"): the browser
 * streams `href` to disk itself, so a table of any size downloads without passing through memory.
 */
export function CsvDownload(props: { href: string; filterLabel?: string | undefined }) {
  return (
    <div className="audit-actions">
      <button type="button" className="button" onClick={() => saveLink(props.href)}>
        Download CSV{props.filterLabel ? ` (${props.filterLabel})` : ''}
      </button>
    </div>
  );
}
