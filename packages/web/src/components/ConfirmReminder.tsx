import { ResendConfirmation } from './ResendConfirmation';

/** The dashboard's reminder to an unconfirmed user, with the resend (issue 26, defect 23). */
export function ConfirmReminder(props: { email: string }) {
  return (
    <section className="notice notice-warning confirm-reminder" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="card-title">
        Confirm your e-mail address
      </h2>
      <p>
        We sent a confirmation link to <strong>{props.email}</strong>. Open it to confirm your
        account; links are valid for 24 hours.
      </p>
      <ResendConfirmation buttonClass="button" />
    </section>
  );
}
