import { useId, type ReactNode } from 'react';
import styles from './choice-chips.module.css';

export interface Choice {
  value: string;
  label: ReactNode;
}

/**
 * A radio group drawn as chips: a fieldset with its legend, one real radio per choice (arrow
 * keys move between them), each at least 44 px tall.
 */
export function ChoiceChips({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
  disabled,
  columns,
}: {
  legend: ReactNode;
  name: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** Chips per row on a phone (default: as many as fit). */
  columns?: number;
}) {
  const errorId = useId();
  const groupName = `${name}-${useId()}`;
  return (
    <fieldset className={styles.group} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.chips} style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}>
        {choices.map((choice) => (
          <label key={choice.value} className={`${styles.chip} ${value === choice.value ? styles.checked : ''}`}>
            <input
              type="radio"
              className={styles.radio}
              name={groupName}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
