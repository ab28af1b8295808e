import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZFaydaRevocationRequest } from '@betoch/contracts/fayda';
import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useFaydaRevocations, useRequestFaydaRevocation } from '../../api/fayda-revocations';
import { revocationErrorText } from '../../lib/fayda-revocation-text';
import styles from '../admin.module.css';

/** The form checks the reason with the call's own schema, so the screen and the server agree. */
const ZReasonForm = ZFaydaRevocationRequest.pick({ reason: true });
type ReasonForm = { reason: string };
const resolver = zodResolver(ZReasonForm) as unknown as Resolver<ReasonForm>;

/**
 * On the case of a verified poster: 'Revoke Fayda verification', opened into a reason and a
 * button that asks for it; it then waits for a second admin (four eyes). While one is waiting
 * for this account, the case says so instead.
 */
export function RevokeFayda({ phone, onDone }: { phone: string; onDone: (text: string) => void }) {
  const { t } = useTexts('admin');
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const revocations = useFaydaRevocations();
  const ask = useRequestFaydaRevocation();
  const toggleId = useId();
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ReasonForm>({ resolver, defaultValues: { reason: '' }, mode: 'onTouched' });

  // The reason is where the keyboard goes when the form opens.
  useEffect(() => {
    if (open) setFocus('reason');
  }, [open, setFocus]);

  if (revocations.data?.pending.some((r) => r.phone === phone)) {
    return <p className={styles.yours}>{t('faydaRevocations.waiting')}</p>;
  }

  const close = () => {
    setOpen(false);
    setFormError(null);
    reset({ reason: '' });
    // Back to the button that opened it, for a keyboard user.
    requestAnimationFrame(() => document.getElementById(toggleId)?.focus());
  };

  const onSubmit = async ({ reason }: ReasonForm) => {
    setFormError(null);
    try {
      await ask.mutateAsync({ phone, reason });
      close();
      onDone(t('faydaRevocations.asked', { phone }));
    } catch (error) {
      setFormError(`${t('faydaRevocations.askFailed')}\n${revocationErrorText(t, error)}`);
    }
  };

  const reasonError = errors.reason?.message;
  return (
    <div className={styles.revoke}>
      <Button
        id={toggleId}
        small
        variant="danger"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('faydaRevocations.revoke')}
      </Button>
      {open ? (
        <form
          id={formId}
          className={styles.revokeForm}
          onSubmit={(e) => void handleSubmit(onSubmit)(e)}
          noValidate
          aria-label={t('faydaRevocations.formLabel', { phone })}
        >
          <p className={styles.muted}>{t('faydaRevocations.intro')}</p>
          <TextAreaField
            label={t('faydaRevocations.reason')}
            hint={t('faydaRevocations.reasonHint')}
            rows={3}
            error={reasonError ? t(reasonError === 'reason_too_long' ? 'faydaRevocations.reasonTooLong' : 'faydaRevocations.reasonRequired') : undefined}
            {...register('reason')}
          />
          {formError ? (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" small variant="danger" loading={isSubmitting}>
              {t('faydaRevocations.submit')}
            </Button>
            <Button small variant="secondary" onClick={close}>
              {t('faydaRevocations.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
