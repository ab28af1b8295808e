import { useTranslation } from 'react-i18next';
import { CONTACT_PREFERENCES, type ContactPreference } from '@betoch/contracts/constants';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { TextField } from '@/components/ui/field';
import { displayName, useSession } from '@/lib/session';
import { ChoiceChips } from '../choice-chips';
import type { WizardFieldProps } from './wizard-field-props';
import styles from './wizard.module.css';

/**
 * Step 4: how tenants reach the poster (contact preference, default hide); on the welcome wizard,
 * before sign-in, also the name and optional email of the account to be made.
 */
export function ContactStep({ form, errors, onChange, errorText, disabled, askIdentity }: WizardFieldProps & { askIdentity: boolean }) {
  const { t } = useTranslation(['landlord', 'common']);
  const { user } = useSession();
  return (
    <>
      <ChoiceChips
        legend={t('wizard.contactPreference')}
        name="contactPreference"
        choices={CONTACT_PREFERENCES.map((value) => ({
          value,
          label: (
            <span className={styles.choiceText}>
              <strong>{t(`wizard.contact.${value}.title`)}</strong>
              <span>{t(`wizard.contact.${value}.text`)}</span>
            </span>
          ),
        }))}
        value={form.contactPreference}
        onChange={(value) => onChange('contactPreference', value as ContactPreference)}
        disabled={disabled}
        columns={1}
      />
      {askIdentity ? (
        <>
          <TextField
            label={t('wizard.name')}
            name="name"
            autoComplete="name"
            value={form.name}
            maxLength={80}
            onChange={(e) => onChange('name', e.currentTarget.value)}
            error={errorText(errors.name)}
            disabled={disabled}
          />
          <TextField
            label={t('wizard.email')}
            optionalText={t('wizard.optional')}
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => onChange('email', e.currentTarget.value)}
            error={errorText(errors.email)}
            disabled={disabled}
          />
          <p className={styles.note}>{t('wizard.phoneNext')}</p>
        </>
      ) : user ? (
        <p className={styles.note}>
          {t('wizard.postingAs', { name: displayName(user, t('common:nav.userFallback')), phone: formatPhoneLocal(user.phone) })}
        </p>
      ) : null}
    </>
  );
}
