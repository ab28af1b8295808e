import { useForm, type PathValue, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
import { wizardMessageText } from '../lib/listing-message';
import { wizardSchema, type WizardField, type WizardOutput, type WizardValues } from '../lib/wizard-schema';

export interface WizardContext {
  /** The welcome wizard signed out: the phone, code, name and Terms are checked too. */
  verify: boolean;
  /** How many photos the queue holds. */
  photoCount: number;
}

/** The wizard's one schema (wizard-schema.ts), with the photo count of the queue beside the inputs. */
const resolver: Resolver<WizardValues, WizardContext, WizardOutput> = (values, context, options) => {
  const schema = wizardSchema(context?.verify ?? false);
  const check = zodResolver(schema) as unknown as Resolver<WizardValues, WizardContext, WizardOutput>;
  return check({ ...values, photos: context?.photoCount ?? 0 }, context, options);
};

/**
 * The posting wizard's form: react-hook-form over the contract's schema. Errors appear when the
 * poster leaves a step (Next) or publishes, never while typing; changing a field clears its own
 * error. The steps come and go, the values stay (nothing typed is lost between steps).
 */
export function useWizardForm(initial: WizardValues, context: WizardContext) {
  const { t } = useTexts('landlord');
  const form = useForm<WizardValues, WizardContext, WizardOutput>({
    defaultValues: initial,
    resolver,
    context,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The wizard focuses the first invalid field itself, once its step is on screen.
    shouldFocusError: false,
  });
  const { register, clearErrors, setValue, watch, formState } = form;

  const error = (name: WizardField) => wizardMessageText(t, formState.errors[name]?.message);

  /** A text input, area or select bound to a field. */
  const field = (name: Exclude<WizardField, 'photos'>) => ({
    ...register(name, { onChange: () => clearErrors(name) }),
    error: error(name),
  });

  /** A chip group (or any input whose value the component sets) bound to a field. */
  const choice = <K extends 'type' | 'bedrooms' | 'bathrooms' | 'contact_preference' | 'code'>(name: K) => ({
    name,
    value: watch(name),
    /** The chips offer only the field's own values. */
    onChange: (value: string) => {
      setValue(name, value as PathValue<WizardValues, K>);
      clearErrors(name);
    },
    error: error(name),
  });

  return { form, field, choice, error };
}

export type WizardFields = ReturnType<typeof useWizardForm>;
