import { type FormEvent, useState } from 'react';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { useApi } from '../app/use-api';
import { Field } from './Field';

/** The signed-out resend's one field. */
const RESEND_FIELDS = ['email'] as const;

interface ResendConfirmationProps {
  /**
   * Signed out (right after sign-up), the address to send to: the field starts with it and
   * the user may type another. Without it the session's account is mailed (signed in).
   */
  signedOutEmail?: string;
  /** The button's class (a full-width block on the auth card, inline in a banner). */
  buttonClass?: string;
}

/** "Resend confirmation email": for the signed-in account, or by address when signed out. */
export function ResendConfirmation({
  signedOutEmail,
  buttonClass = 'button block',
}: ResendConfirmationProps) {
  const api = useApi();
  const signedOut = signedOutEmail !== undefined;
  const [email, setEmail] = useState(signedOutEmail ?? '');
  const fields = useFieldErrors(RESEND_FIELDS);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAnswer(null);
    setBusy(true);
    try {
      const { message } = await api.call(
        'auth.resendConfirmation',
        signedOut ? { email: email.trim() } : {},
      );
      setAnswer({ ok: true, text: message });
    } catch (err) {
      // A refused address is shown under its field; anything else (too many e-mails) here.
      if (!fields.fromApi(err))
        setAnswer({ ok: false, text: errorText(err, 'Failed to resend confirmation') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="form" data-testid="resend-confirmation">
      {signedOut && (
        <Field
          label="Your e-mail address"
          type="email"
          value={email}
          onChange={(next) => {
            setEmail(next);
            fields.clear('email');
          }}
          error={fields.errors.email}
          inputRef={fields.input('email').ref}
          autoComplete="email"
        />
      )}
      {answer && (
        <p
          className={answer.ok ? 'success-text' : 'form-error'}
          role={answer.ok ? 'status' : 'alert'}
        >
          {answer.text}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Sending...' : 'Resend confirmation email'}
      </button>
    </form>
  );
}
