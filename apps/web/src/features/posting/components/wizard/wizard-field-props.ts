import type { WizardErrorKey, WizardErrors, WizardField, WizardForm } from '../../lib/wizard-form';

/** What every wizard step receives. */
export interface WizardFieldProps {
  form: WizardForm;
  errors: WizardErrors;
  onChange: <K extends WizardField>(field: K, value: WizardForm[K]) => void;
  /** The translated text of a validation key. */
  errorText: (key: WizardErrorKey | undefined) => string | undefined;
  disabled?: boolean;
}
