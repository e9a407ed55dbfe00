import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { Field } from './Field';

/** The deletion step's one field. */
const DELETE_FIELDS = ['password'] as const;

/**
 * Deleting the account (the Terms promise it): a first button opens a confirmation step that
 * says what goes and asks for the password again; only then is `DELETE /api/user` called.
 */
export function DeleteAccountCard() {
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(DELETE_FIELDS);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (fields.showEach({ password: password ? null : 'Enter your password to confirm' })) return;
    setBusy(true);
    try {
      await api.call('user.delete', { password });
      // Leave the dashboard first: signed out there, it would send the user to /login.
      await navigate({ to: '/' });
      auth.setUser(null);
      toast({
        title: 'Account deleted',
        description: 'Your account and its data have been deleted.',
        variant: 'success',
      });
    } catch (err) {
      // Every refusal here is about the password step, so it is shown under the password.
      if (!fields.fromApi(err))
        fields.show('password', errorText(err, 'The account could not be deleted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card-title">
        Delete account
      </h2>
      {!open ? (
        <>
          <p className="muted small">
            Deletes your account, crawl history, exports and API tokens. This cannot be undone.
          </p>
          <button type="button" className="button block danger" onClick={() => setOpen(true)}>
            Delete my account...
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="form" data-testid="delete-account-form">
          <p className="form-error">
            This deletes your account and all its data now. It cannot be undone, and a Pro month
            already paid is not refunded by deleting.
          </p>
          <Field
            label="Your password"
            value={password}
            onChange={(v) => {
              setPassword(v);
              fields.clear('password');
            }}
            error={fields.errors.password}
            inputRef={fields.input('password').ref}
            password
            autoComplete="current-password"
          />
          <div className="button-row">
            <button type="submit" className="button danger" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete account permanently'}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
