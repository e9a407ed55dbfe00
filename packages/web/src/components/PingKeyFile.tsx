import type { PingKey } from '@mapsmith/core/browser';

/** Offers the key as a file to save: `{key}.txt` containing exactly the key (IndexNow's rule). */
function downloadKeyFile(key: string): void {
  const url = URL.createObjectURL(new Blob([key], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${key}.txt`;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The notify box's first step: the site's IndexNow key, where to publish it, and a download. */
export function PingKeyFile(props: { pingKey: PingKey }) {
  const { key, keyLocation } = props.pingKey;
  return (
    <div className="ping-key" data-testid="ping-key">
      <p>
        <strong>Step 1:</strong> publish your key file at{' '}
        <a href={keyLocation} target="_blank" rel="noreferrer" className="break-all">
          {keyLocation}
        </a>
        . It must contain exactly <code className="break-all">{key}</code>.
      </p>
      <button type="button" className="button small" onClick={() => downloadKeyFile(key)}>
        Download key file
      </button>
    </div>
  );
}
