import type { ReactNode } from 'react';

/**
 * What a field's control is described by: its error while it has one (and it is marked invalid),
 * else its hint. The ids are those FormField gives the error and the hint.
 */
export function fieldAria(id: string, hint: string | undefined, error: string | undefined) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-describedby': hint ? `${id}-hint` : undefined };
}

interface FormFieldProps {
  /** The control's id: the label points at it. */
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled control with its hint above it and its error below; the error replaces the hint. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && !error ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
