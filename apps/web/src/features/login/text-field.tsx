import type { ReactNode, Ref } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
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
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  inputRef,
  addon,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
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
          aria-describedby={error ? errorId : undefined}
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
