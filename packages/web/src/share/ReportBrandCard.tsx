import { MAX_LOGO_BYTES, type ReportBrandInfo } from '@mapsmith/core/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { useApi } from '../app/use-api';
import { Field } from '../components/Field';
import { FieldError } from '../components/FieldError';

const BRAND_FIELDS = ['agencyName', 'accent', 'logo'] as const;

/** The file's bytes as base64, read in the browser (the server checks what they are). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The logo file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The brand of the client reports (issue 29 point 3, Pro) on the dashboard: the agency name,
 * an accent colour and a logo (PNG, JPEG or WebP up to 200 KB). Each refusal shows under its
 * field; without a brand the reports carry Mapsmith's name.
 */
export function ReportBrandCard() {
  const api = useApi();
  const fields = useFieldErrors(BRAND_FIELDS);
  const [brand, setBrand] = useState<ReportBrandInfo | null>(null);
  const [agencyName, setAgencyName] = useState('');
  const [accent, setAccent] = useState('#1d4ed8');
  const [logo, setLogo] = useState<File | null>(null);
  const [logoKey, setLogoKey] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.call('brand.get', {}).then(
      (b) => {
        if (!live) return;
        setBrand(b);
        if (b.agencyName) setAgencyName(b.agencyName);
        if (b.accent) setAccent(b.accent);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function save(event: FormEvent) {
    event.preventDefault();
    fields.clear();
    setError(null);
    setStatus(null);
    if (logo && logo.size > MAX_LOGO_BYTES) {
      fields.showEach({
        logo: `The logo is ${Math.ceil(logo.size / 1024)} KB; at most 200 KB is accepted.`,
      });
      return;
    }
    setBusy(true);
    try {
      const saved = await api.call('brand.update', {
        agencyName,
        accent,
        ...(logo ? { logo: await base64Of(logo) } : {}),
      });
      setBrand(saved);
      setLogo(null);
      setLogoKey((k) => k + 1);
      setStatus('Saved: your client reports carry this brand.');
    } catch (err) {
      if (!fields.fromApi(err)) setError(errorText(err, 'The brand could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card report-brand" aria-labelledby="brand-title" data-testid="report-brand">
      <h2 id="brand-title" className="card-title">
        Client report brand
      </h2>
      <p className="muted small">
        Shared reports and their PDFs carry your agency’s name, colour and logo instead of
        Mapsmith’s.
      </p>
      <form className="token-form" onSubmit={save} noValidate>
        <Field
          label="Agency name"
          value={agencyName}
          onChange={(v) => {
            setAgencyName(v);
            fields.clear('agencyName');
          }}
          error={fields.errors.agencyName}
          inputRef={fields.input('agencyName').ref}
          maxLength={80}
        />
        <Field
          label="Accent colour (#rrggbb)"
          value={accent}
          onChange={(v) => {
            setAccent(v);
            fields.clear('accent');
          }}
          error={fields.errors.accent}
          inputRef={fields.input('accent').ref}
          maxLength={7}
        />
        <div className="field">
          <label htmlFor="brand-logo">
            Logo (PNG, JPEG or WebP, up to 200 KB){brand?.logoType ? ': one is uploaded' : ''}
          </label>
          <input
            key={logoKey}
            id="brand-logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            ref={fields.input('logo').ref}
            aria-invalid={fields.errors.logo ? true : undefined}
            onChange={(e) => {
              setLogo(e.target.files?.[0] ?? null);
              fields.clear('logo');
            }}
          />
          <FieldError id="brand-logo-error" message={fields.errors.logo} reserve />
        </div>
        <button type="submit" className="button primary" disabled={busy}>
          Save brand
        </button>
      </form>
      {status && (
        <p className="success-text" role="status">
          {status}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
