import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText as apiErrorText } from '@/lib/error-text';
import { useCountdown } from '@/lib/use-countdown';
import { useRequestOtp } from '@/api/request-otp';
import { stripPhone, type WizardErrorKey } from '../../lib/wizard-form';
import { formatPhoneLocal, normalizePhone } from '@betoch/contracts/phone';
import type { WizardFieldProps } from './wizard-field-props';
import styles from './wizard.module.css';

/**
 * Step 5 of the welcome wizard (spec section 4): enter the phone (spaces dropped), send the code
 * (disabled without a phone), enter the 6-digit code, accept the Terms and the Privacy notice (a
 * new phone gets an account on publish). In demo mode the code is shown on screen.
 */
export function VerifyPhone({ form, errors, onChange, errorText, disabled, onError }: WizardFieldProps & { onError: (field: 'phone', key: WizardErrorKey | undefined) => void }) {
  const { t } = useTranslation(['landlord', 'common']);
  const otp = useRequestOtp();
  const countdown = useCountdown();
  const [sent, setSent] = useState<{ phone: string; demoCode?: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const phone = stripPhone(form.phone);
  const codeVisible = sent !== null && sent.phone === phone;

  const sendCode = () => {
    setSendError(null);
    if (!phone) return onError('phone', 'phoneRequired');
    if (!normalizePhone(phone)) return onError('phone', 'phoneInvalid');
    onError('phone', undefined);
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
      <TextField
        label={t('verify.phone')}
        hint={t('verify.phoneHint')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('verify.phonePlaceholder')}
        value={form.phone}
        onChange={(e) => onChange('phone', e.currentTarget.value)}
        error={errorText(errors.phone)}
        disabled={disabled}
      />
      <Button
        variant={codeVisible ? 'secondary' : 'primary'}
        block
        onClick={sendCode}
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
                {t('verify.demoText')} <strong className={styles.demoCode} data-testid="demo-code">
                  {sent.demoCode}
                </strong>
              </p>
              <p>{t('verify.demoAnyone')}</p>
            </Alert>
          ) : null}
          <TextField
            label={t('verify.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            value={form.code}
            onChange={(e) => onChange('code', e.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            error={errorText(errors.code)}
            disabled={disabled}
            className={styles.codeInput}
          />
          <CheckboxField
            name="acceptTerms"
            checked={form.acceptTerms}
            onChange={(e) => onChange('acceptTerms', e.currentTarget.checked)}
            error={errorText(errors.acceptTerms)}
            disabled={disabled}
            label={
              // The links open in a new tab: the wizard and its photos stay as they are.
              <Trans
                t={t}
                i18nKey="verify.acceptTerms"
                components={{
                  terms: <Link to={paths.terms} target="_blank" rel="noopener" />,
                  privacy: <Link to={paths.privacy} target="_blank" rel="noopener" />,
                }}
              />
            }
          />
        </div>
      ) : null}
    </div>
  );
}
