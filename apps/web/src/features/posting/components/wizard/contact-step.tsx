import { useTexts } from '@/lib/use-texts';
import { CONTACT_PREFERENCES } from '@betoch/contracts/constants';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { TextField } from '@/components/ui/field';
import { OwnEmailField } from '@/components/ui/own-contact-fields';
import { displayName, useSession } from '@/lib/session';
import type { WizardFields } from '../../hooks/use-wizard-form';
import { ChoiceChips } from '../choice-chips';
import styles from './wizard.module.css';

/**
 * Step 4: how tenants reach the poster (contact preference, default hide); on the welcome wizard,
 * before sign-in, also the name and optional email of the account to be made.
 */
export function ContactStep({ fields, disabled, askIdentity }: { fields: WizardFields; disabled?: boolean; askIdentity: boolean }) {
  const { t } = useTexts(['landlord', 'common']);
  const { user } = useSession();
  const { field, choice } = fields;
  return (
    <>
      <ChoiceChips
        {...choice('contact_preference')}
        legend={t('wizard.contactPreference')}
        choices={CONTACT_PREFERENCES.map((value) => ({
          value,
          label: (
            <span className={styles.choiceText}>
              <strong>{t(`wizard.contact.${value}.title`)}</strong>
              <span>{t(`wizard.contact.${value}.text`)}</span>
            </span>
          ),
        }))}
        disabled={disabled}
        columns={1}
      />
      {askIdentity ? (
        <>
          <TextField label={t('wizard.name')} autoComplete="name" maxLength={80} {...field('name')} disabled={disabled} />
          <OwnEmailField label={t('wizard.email')} optionalText={t('wizard.optional')} {...field('email')} disabled={disabled} />
          <p className={styles.note}>{t('wizard.phoneNext')}</p>
        </>
      ) : user ? (
        <p className={styles.note}>{t('wizard.postingAs', { name: displayName(user, t('common:nav.userFallback')), phone: formatPhoneLocal(user.phone) })}</p>
      ) : null}
    </>
  );
}
