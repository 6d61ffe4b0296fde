import type { ReactNode, Ref } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A line under the label that says more about the field (read with it: aria-describedby). */
  hint?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'tel';
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** A control beside the input (show password, get code). */
  addon?: ReactNode;
}

/** A visibly labelled input whose error sits next to it (aria-invalid + aria-describedby). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  inputRef,
  addon,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="field__row">
        <input
          id={id}
          ref={inputRef}
          className="field__input"
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          spellCheck={false}
          autoCapitalize="off"
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
