import type { ComponentProps } from 'react';
import { useTexts } from '@/lib/use-texts';
import { TextField } from '@/components/ui/field';

type FieldProps = ComponentProps<typeof TextField>;

/**
 * An amount in birr or a count of months: the number keypad on a phone and no autofill. What is
 * typed stays text ('15,000'); the contract's schema reads the number.
 */
export function AmountField(props: FieldProps) {
  return <TextField inputMode="numeric" autoComplete="off" {...props} />;
}

/** The move-in cost both posting forms ask: the advance in months (the rent law allows at most two) and a deposit in birr. */
export function MoveInFields({ advance, deposit }: { advance: Omit<FieldProps, 'label'>; deposit: Omit<FieldProps, 'label'> }) {
  const { t } = useTexts('landlord');
  return (
    <>
      <AmountField label={t('moveIn.advance')} optionalText={t('wizard.optional')} hint={t('moveIn.advanceHint')} {...advance} />
      <AmountField label={t('moveIn.deposit')} optionalText={t('wizard.optional')} hint={t('moveIn.depositHint')} {...deposit} />
    </>
  );
}
