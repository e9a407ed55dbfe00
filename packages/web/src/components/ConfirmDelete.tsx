import { useEffect, useRef } from 'react';

/**
 * The inline confirmation of a deletion: the question in plain words, then the delete button
 * (focused, so Enter confirms) and Cancel (Escape too). Shown in place of the button that asked.
 */
export function ConfirmDelete(props: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <fieldset
      className="confirm-delete"
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      <legend className="confirm-question">{props.question}</legend>
      <button
        ref={confirm}
        type="button"
        className="button danger small"
        disabled={props.busy}
        onClick={props.onConfirm}
      >
        {props.busy ? 'Deleting…' : props.confirmLabel}
      </button>
      <button type="button" className="button small" onClick={props.onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
