import type { ReactNode } from 'react';

interface ChoicesProps<T extends string> {
  legend: string;
  name: string;
  options: { value: T; label: string; before?: ReactNode }[];
  value: T;
  onChange(value: T): void;
  /** The fieldset's id: focusing the field focuses its checked choice. */
  id: string;
  className?: string;
}

/** A radio group: a fieldset named by its legend, each choice one 48 px target with its label. */
export function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  id,
  className,
}: ChoicesProps<T>) {
  return (
    <fieldset id={id} className={className ? `choices ${className}` : 'choices'}>
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="radio"
            className="check__box"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.before}
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
