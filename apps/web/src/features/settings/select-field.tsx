import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NS } from '../../i18n/settings/index.ts';
import type { Choice } from './choices.ts';

interface SelectFieldProps {
  label: string;
  hint?: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}

/** A labelled native select (the most reliable control for screen readers on every platform). */
export function SelectField({ label, hint, value, choices, onChange }: SelectFieldProps) {
  const { t } = useTranslation(SETTINGS_NS);
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.labelKey ? t(c.labelKey) : c.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
