import { useId } from 'react';

interface SwitchFieldProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}

/** A labelled checkbox with its hint: an on/off setting, said as "checked" or "not checked". */
export function SwitchField({ label, hint, checked, onChange }: SwitchFieldProps) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          className="check__box"
          checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="field__label">{label}</span>
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
