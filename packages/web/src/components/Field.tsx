import { type InputHTMLAttributes, useId, useState } from 'react';
import { FieldError } from './FieldError';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The field's error message, shown under it. */
  error?: string | null;
  /** Adds the show/hide toggle of a password field. */
  password?: boolean;
  /** The input element, for a form that moves the focus to a refused field (`useFieldErrors`). */
  inputRef?: (element: HTMLElement | null) => void;
}

/** A labelled input with its error under it, and the show/hide toggle for passwords. */
export function Field({ label, value, onChange, error, password, inputRef, ...rest }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={password ? 'password-row' : undefined}>
        <input
          {...rest}
          ref={inputRef}
          id={id}
          type={password ? (visible ? 'text' : 'password') : (rest.type ?? 'text')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {password && (
          <button
            type="button"
            className="password-toggle"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      <FieldError id={errorId} message={error} reserve />
    </div>
  );
}
