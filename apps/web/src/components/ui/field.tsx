import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Text shown after the label, e.g. '(optional)'. */
  optionalText?: ReactNode;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const base = id ?? generated;
  return { id: base, hintId: `${base}-hint`, errorId: `${base}-error` };
}

/** The hint and the error under a field, each with the id its control's aria-describedby names. */
function FieldNotes({ ids, hint, error }: { ids: ReturnType<typeof useFieldIds>; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Frame({ ids, label, hint, error, optionalText, children }: FieldFrame & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.id}>
        {label} {optionalText ? <span className={styles.optional}>{optionalText}</span> : null}
      </label>
      {children}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown): string | undefined {
  return [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

/**
 * What every field shares: the frame (label, hint, error) around its control, and the control's
 * id, class and ARIA links to them. `rest` is what goes on the control as given.
 */
function useField<P extends FieldFrame & { id?: string; className?: string }>({ label, hint, error, optionalText, id, className, ...rest }: P) {
  const ids = useFieldIds(id);
  return {
    rest,
    control: {
      id: ids.id,
      className: [styles.control, error ? styles.invalid : '', className].filter(Boolean).join(' '),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(ids, hint, error),
    },
    frame: (control: ReactNode) => (
      <Frame ids={ids} label={label} hint={hint} error={error} optionalText={optionalText}>
        {control}
      </Frame>
    ),
  };
}

export function TextField({ ref, ...props }: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { frame, control, rest } = useField(props);
  return frame(<input ref={ref} {...control} {...rest} />);
}

export function TextAreaField({ ref, ...props }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { frame, control, rest } = useField(props);
  return frame(<textarea ref={ref} {...control} {...rest} />);
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  options,
  placeholder,
  ref,
  ...props
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string; ref?: Ref<HTMLSelectElement> }) {
  const { frame, control, rest } = useField(props);
  return frame(
    <select ref={ref} {...control} {...rest}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>,
  );
}

/**
 * A box to tick, its label beside it (the label may hold links: they open, the box does not
 * change). The whole row is the label, so a thumb can press the text as well as the box.
 */
export function CheckboxField({
  ref,
  label,
  hint,
  error,
  id,
  className,
  ...rest
}: Omit<FieldFrame, 'optionalText'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const ids = useFieldIds(id);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={[styles.check, error ? styles.checkInvalid : ''].filter(Boolean).join(' ')} htmlFor={ids.id}>
        <input
          ref={ref}
          type="checkbox"
          id={ids.id}
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...rest}
        />
        <span>{label}</span>
      </label>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
