/**
 * The message under a form field (a block `span`, so it may sit inside a `label`) (the one look of every form's inline errors): it stays until
 * the field is edited; the field's `aria-describedby` points at it, so a screen reader reads it
 * when the focus lands on the field.
 */
export function FieldError(props: {
  id: string;
  message?: string | null;
  /** Keeps a line free under the field while there is no message, so nothing jumps. */
  reserve?: boolean;
}) {
  const className = props.reserve ? 'field-error field-error-reserve' : 'field-error';
  return (
    <span id={props.id} className={className} aria-live="polite">
      {props.message ?? ''}
    </span>
  );
}
