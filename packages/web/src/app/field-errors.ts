import { ApiCallError } from '@mapsmith/core/browser';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';

/** What an input of a form needs to show its error: its ref and its ARIA state. */
export interface FieldInputProps {
  ref(element: HTMLElement | null): void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The errors of one form, each shown under its field (walkthrough defect 12, issue 26.4). */
export interface FieldErrors<F extends string> {
  /** The message under each field that has one. */
  errors: Partial<Record<F, string>>;
  /** The id of the field's message, for `FieldError`. */
  errorId(field: F): string;
  /** What the field's input spreads: ref, `aria-invalid` and `aria-describedby`. */
  input(field: F): FieldInputProps;
  /** Shows the message under the field and moves the keyboard focus there. */
  show(field: F, message: string): void;
  /**
   * Shows every message a form's own rules found (null: the field is fine) and moves the focus
   * to the first refused field in form order; false when there is none.
   */
  showEach(found: Partial<Record<F, string | null>>): boolean;
  /** Takes the message of one field away (it was edited), or of every field. */
  clear(field?: F): void;
  /**
   * Shows a refusal of the API under the field it names (its `field`, `settings.include.2`
   * read as the form's `settings.include`); true when it did, false when the refusal is not
   * about one of this form's fields (the caller shows it its own way).
   */
  fromApi(err: unknown): boolean;
}

/** The form field an API error's `field` is about: the longest known prefix of its path. */
export function formFieldOf<F extends string>(
  apiField: string | undefined,
  fields: readonly F[],
): F | undefined {
  if (!apiField) return undefined;
  const parts = apiField.split('.');
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('.');
    const found = fields.find((f) => f === name);
    if (found) return found;
  }
  return undefined;
}

/** The sentence of an API refusal: its `message`, else its title. */
function refusalText(err: ApiCallError): string {
  return err.body?.message || err.body?.error || err.message;
}

/**
 * The one field-error state of every form: the message under the field, `aria-invalid` and
 * `aria-describedby` on its input, and the focus moved to it (opening a folded `<details>` it
 * sits in). Messages stay until the field is edited or the form is sent again.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]): FieldErrors<F> {
  const base = useId();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [focus, setFocus] = useState<{ field: F } | null>(null);
  const elements = useRef(new Map<F, HTMLElement>());
  const refs = useRef(new Map<F, (element: HTMLElement | null) => void>());
  const known = useRef(fields);
  known.current = fields;

  useEffect(() => {
    if (!focus) return;
    const element = elements.current.get(focus.field);
    const folded = element?.closest('details');
    if (folded && !folded.open) folded.open = true;
    element?.focus();
  }, [focus]);

  const errorId = useCallback((field: F) => `${base}-${field.replace(/\W/g, '-')}-error`, [base]);
  const show = useCallback((field: F, message: string) => {
    setErrors({ [field]: message } as Partial<Record<F, string>>);
    setFocus({ field });
  }, []);
  const showEach = useCallback((found: Partial<Record<F, string | null>>) => {
    const refused = known.current.filter((field) => found[field]);
    const first = refused[0];
    setErrors(Object.fromEntries(refused.map((f) => [f, found[f]])) as Partial<Record<F, string>>);
    if (first !== undefined) setFocus({ field: first });
    return first !== undefined;
  }, []);
  const clear = useCallback((field?: F) => {
    setErrors((now) => {
      if (field === undefined) return Object.keys(now).length ? {} : now;
      if (!(field in now)) return now;
      const next = { ...now };
      delete next[field];
      return next;
    });
  }, []);
  const fromApi = useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiCallError)) return false;
      const field = formFieldOf(err.field, known.current);
      if (!field) return false;
      show(field, refusalText(err));
      return true;
    },
    [show],
  );
  const input = useCallback(
    (field: F): FieldInputProps => {
      let ref = refs.current.get(field);
      if (!ref) {
        ref = (element) => {
          if (element) elements.current.set(field, element);
          else elements.current.delete(field);
        };
        refs.current.set(field, ref);
      }
      return errors[field]
        ? { ref, 'aria-invalid': true, 'aria-describedby': errorId(field) }
        : { ref };
    },
    [errors, errorId],
  );
  return useMemo(
    () => ({ errors, errorId, input, show, showEach, clear, fromApi }),
    [errors, errorId, input, show, showEach, clear, fromApi],
  );
}
