import type { ValidationResult } from '@mapsmith/core/browser';
import { ApiCallError, hasUrlScheme } from '@mapsmith/core/browser';
import { type DragEvent, type FormEvent, useState } from 'react';
import { useFieldErrors } from '../app/field-errors';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { AuditOffer } from '../audit/AuditOffer';
import { checkedFileNote } from '../audit/file-upload';
import type { AuditSource } from '../audit/use-audit';
import { CheckerResults } from './CheckerResults';
import { FieldError } from './FieldError';

/** The checker's one field an error is shown under. */
const CHECKER_FIELDS = ['url'] as const;

/** Media types a sitemap file may have: XML, RSS/Atom, or gzip (inflated with the bomb cap). */
const SITEMAP_TYPES = [
  'application/xml',
  'text/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/gzip',
  'application/x-gzip',
  // A text sitemap: one URL a line (the Plain Text format Mapsmith writes too).
  'text/plain',
];
/** File names a sitemap may have. */
const SITEMAP_EXTENSIONS = ['.xml', '.rss', '.atom', '.gz', '.txt'];
/** The upload hint and the accept list of the file input. */
export const SITEMAP_FILE_HINT = 'Please upload a sitemap file (.xml, .xml.gz, .gz, .rss, .txt)';

// The validator (the core's checker and its XML parser) is loaded on first use, not with the
// home page: most visitors never check a sitemap.
const loadValidator = () => import('../checker/validate');

/**
 * Whether an uploaded file may be a sitemap: an XML, RSS/Atom or gzip media type, or such a
 * name. The checker then reads the bytes (a gzip file is inflated with the same 50 MB cap as a
 * fetched one), so a wrong guess here only ends in a clear checker error.
 */
export function isSitemapFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return SITEMAP_TYPES.includes(file.type) || SITEMAP_EXTENSIONS.some((ext) => name.endsWith(ext));
}

function failedResult(message: string): ValidationResult {
  return {
    isValid: false,
    errors: [{ message }],
    warnings: [],
    stats: { totalUrls: 0, validUrls: 0, duplicateUrls: 0 },
    kind: 'unknown',
  };
}

/** The checker section (anchor `checker`): upload or URL, validated in the browser. */
export function CheckerSection() {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [url, setUrl] = useState('');
  const fields = useFieldErrors(CHECKER_FIELDS);
  const [shown, setShown] = useState<{
    result: ValidationResult;
    source: string;
    audit?: AuditSource;
    key?: number;
  } | null>(null);

  const validate = async (
    run: () => ValidationResult | Promise<ValidationResult>,
    source: string,
    audit: AuditSource,
  ) => {
    try {
      const result = await run();
      setShown({ result, source, audit, key: Date.now() });
      toast(
        result.isValid
          ? { title: 'Your sitemap is valid!', variant: 'success' }
          : { title: 'Issues found in your sitemap', variant: 'error' },
      );
    } catch (err) {
      toast({
        title: 'Validation Failed',
        description:
          err instanceof Error && err.message ? err.message : 'Unable to validate sitemap',
        variant: 'error',
      });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file || busy) return;
    if (!isSitemapFile(file)) {
      // The refused file is the one being checked now: the last file's result goes.
      setShown(null);
      toast({
        title: 'Invalid File Type',
        description: SITEMAP_FILE_HINT,
        variant: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      await validate(async () => (await loadValidator()).validateSitemapFile(file), file.name, {
        file,
        content: async () => (await loadValidator()).sitemapFileText(file),
      });
    } finally {
      setBusy(false);
    }
  };

  const onUrl = async (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) {
      fields.show('url', 'Enter the address of a sitemap, such as https://example.com/sitemap.xml');
      return;
    }
    // A sitemap address is fetched exactly as given: guessing https:// for "host:port/..."
    // would fail with a TLS error on an http-only server, so ask for the scheme instead.
    if (!hasUrlScheme(url.trim())) {
      fields.show('url', 'Add http:// or https:// to the sitemap address.');
      setShown(null);
      return;
    }
    fields.clear();
    const target = url.trim();
    setBusy(true);
    try {
      const { content } = await api.call('sitemap.fetch', { url: target });
      await validate(
        async () => (await loadValidator()).validateSitemapText(content, target),
        target,
        { url: target },
      );
    } catch (err) {
      if (fields.fromApi(err)) {
        setShown(null);
        return;
      }
      const text =
        err instanceof ApiCallError
          ? err.body?.message || err.body?.error || `HTTP Error ${err.status}`
          : err instanceof Error
            ? err.message
            : 'Unable to validate sitemap';
      setShown({ result: failedResult(text), source: target });
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void onFile(e.dataTransfer.files[0]);
  };

  return (
    <section className="section checker" id="checker" aria-labelledby="checker-title">
      <p className="eyebrow">Free tool</p>
      <h2 id="checker-title">Sitemap Checker</h2>
      <p className="lead">
        Validate a sitemap before search engines see it. {checkedFileNote(api.shell)}
      </p>
      <div className="checker-inputs">
        <label
          className="drop-zone"
          data-dragging={dragging}
          data-disabled={busy}
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={busy ? (e) => e.preventDefault() : onDrop}
        >
          <input
            type="file"
            className="visually-hidden"
            accept={[...SITEMAP_EXTENSIONS, ...SITEMAP_TYPES].join(',')}
            disabled={busy}
            data-testid="checker-file"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <span className="drop-title">Drop your sitemap.xml here</span>
          <span className="muted">or click to browse (.xml, .gz, .rss, .txt)</span>
        </label>
        <form className="checker-url" onSubmit={onUrl} noValidate>
          <label htmlFor="sitemap-url">Sitemap URL</label>
          <div className="input-row">
            <input
              id="sitemap-url"
              type="url"
              inputMode="url"
              placeholder="https://example.com/sitemap.xml"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                fields.clear('url');
              }}
              {...fields.input('url')}
            />
            <button type="submit" className="button primary" disabled={busy}>
              {busy ? 'Validating...' : 'Validate Sitemap'}
            </button>
          </div>
          <FieldError id={fields.errorId('url')} message={fields.errors.url} />
        </form>
      </div>
      {shown && <CheckerResults result={shown.result} source={shown.source} />}
      {shown?.audit && <AuditOffer key={shown.key} source={shown.audit} result={shown.result} />}
    </section>
  );
}
