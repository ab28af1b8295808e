import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { OwnPhoneField } from '@/components/ui/own-contact-fields';
import { TermsLabel } from '@/components/ui/terms-label';
import { ApiError } from '@/lib/api-client';
import { errorText as apiErrorText } from '@/lib/error-text';
import { useCountdown } from '@/lib/use-countdown';
import { useRequestOtp } from '@/api/request-otp';
import { formatPhoneLocal, normalizePhone } from '@betoch/contracts/phone';
import type { WizardFields } from '../../hooks/use-wizard-form';
import { stripPhone } from '../../lib/wizard-schema';
import styles from './wizard.module.css';

/**
 * Step 5 of the welcome wizard: enter the phone (spaces dropped), send the code (disabled without
 * a phone, refused for a phone that cannot get one), enter the code, accept the Terms and the
 * Privacy notice (a new phone gets an account on publish). In demo mode the code is shown on screen.
 */
export function VerifyPhone({ fields, disabled }: { fields: WizardFields; disabled?: boolean }) {
  const { t } = useTexts(['landlord', 'common']);
  const otp = useRequestOtp();
  const countdown = useCountdown();
  const [sent, setSent] = useState<{ phone: string; demoCode?: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const { form, field, choice } = fields;
  const phone = stripPhone(form.watch('phone'));
  const code = choice('code');
  const codeVisible = sent !== null && sent.phone === phone;

  const sendCode = async () => {
    setSendError(null);
    if (!(await form.trigger('phone'))) return;
    otp.mutate(
      { phone },
      {
        onSuccess: (answer) => {
          setSent({ phone, demoCode: answer.code });
          countdown.start(answer.retry_after || OTP_RESEND_COOLDOWN_SECONDS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'cooldown_active') {
            const seconds = error.retryAfter ?? OTP_RESEND_COOLDOWN_SECONDS;
            countdown.start(seconds);
            // A code was sent to this number a moment ago: let the poster type it.
            setSent((prev) => prev ?? { phone });
            setSendError(t('verify.cooldown', { seconds }));
          } else {
            setSendError(apiErrorText(t, error));
          }
        },
      },
    );
  };

  return (
    <div className={styles.verify}>
      <h3 className={styles.subTitle}>{t('verify.title')}</h3>
      <p className={styles.note}>{t('verify.intro')}</p>
      <OwnPhoneField
        label={t('verify.phone')}
        hint={t('verify.phoneHint')}
        placeholder={t('verify.phonePlaceholder')}
        {...field('phone')}
        disabled={disabled}
      />
      <Button
        variant={codeVisible ? 'secondary' : 'primary'}
        block
        onClick={() => void sendCode()}
        disabled={disabled || !phone || countdown.running}
        loading={otp.isPending}
      >
        {countdown.running ? t('verify.resendIn', { seconds: countdown.secondsLeft }) : codeVisible ? t('verify.resend') : t('verify.sendCode')}
      </Button>
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      {codeVisible ? (
        <div className={styles.codeBlock}>
          <p className={styles.note} role="status">
            {t('verify.sentTo', { phone: formatPhoneLocal(normalizePhone(phone) ?? phone) })}
          </p>
          {sent?.demoCode ? (
            <Alert tone="info" title={t('verify.demoTitle')}>
              <p>
                {t('verify.demoText')}{' '}
                <strong className={styles.demoCode} data-testid="demo-code">
                  {sent.demoCode}
                </strong>
              </p>
              <p>{t('verify.demoAnyone')}</p>
            </Alert>
          ) : null}
          <TextField
            label={t('verify.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            {...code}
            onChange={(e) => code.onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            disabled={disabled}
            className={styles.codeInput}
          />
          <CheckboxField {...field('acceptTerms')} disabled={disabled} label={<TermsLabel t={t} i18nKey="verify.acceptTerms" />} />
        </div>
      ) : null}
    </div>
  );
}
