import { useTranslation } from 'react-i18next';
import { PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ChoiceChips } from '../choice-chips';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, type BathroomChoice, type BedroomChoice } from '../../lib/property-types';
import type { WizardForm } from '../../lib/wizard-form';
import type { WizardFieldProps } from './wizard-field-props';
import styles from './wizard.module.css';

/** Step 1: type, subcity, specific location, bedrooms, bathrooms, area, description. */
export function PropertyStep({ form, errors, onChange, errorText, disabled }: WizardFieldProps) {
  const { t } = useTranslation('landlord');
  const studio = form.propertyType === 'studio';
  return (
    <>
      <ChoiceChips
        legend={t('wizard.propertyType')}
        name="propertyType"
        choices={PROPERTY_TYPES_OFFERED.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        value={form.propertyType}
        onChange={(value) => {
          onChange('propertyType', value as WizardForm['propertyType']);
          if (value === 'studio') onChange('bedrooms', 'studio');
        }}
        error={errorText(errors.propertyType)}
        disabled={disabled}
        columns={2}
      />
      <SelectField
        label={t('wizard.location')}
        name="location"
        value={form.location}
        onChange={(e) => onChange('location', e.currentTarget.value)}
        placeholder={t('wizard.locationPlaceholder')}
        options={SUBCITIES.map((s) => ({ value: s, label: t(`subcities.${s}`) }))}
        error={errorText(errors.location)}
        disabled={disabled}
      />
      <TextField
        label={t('wizard.specificLocation')}
        optionalText={t('wizard.optional')}
        hint={t('wizard.specificLocationHint')}
        name="specificLocation"
        value={form.specificLocation}
        maxLength={120}
        autoComplete="off"
        onChange={(e) => onChange('specificLocation', e.currentTarget.value)}
        disabled={disabled}
      />
      <ChoiceChips
        legend={t('wizard.bedrooms')}
        name="bedrooms"
        choices={BEDROOM_CHOICES.map((c) => ({ value: c, label: c === 'studio' ? t('wizard.studio') : c }))}
        value={studio ? 'studio' : form.bedrooms}
        onChange={(value) => onChange('bedrooms', value as BedroomChoice)}
        error={studio ? undefined : errorText(errors.bedrooms)}
        disabled={disabled || studio}
        columns={3}
      />
      <ChoiceChips
        legend={
          <>
            {t('wizard.bathrooms')} <span className={styles.optional}>{t('wizard.optional')}</span>
          </>
        }
        name="bathrooms"
        choices={BATHROOM_CHOICES.map((c) => ({ value: c, label: c }))}
        value={form.bathrooms}
        onChange={(value) => onChange('bathrooms', value as BathroomChoice)}
        disabled={disabled}
        columns={4}
      />
      <TextField
        label={t('wizard.area')}
        optionalText={t('wizard.optional')}
        name="areaSqm"
        inputMode="decimal"
        value={form.areaSqm}
        onChange={(e) => onChange('areaSqm', e.currentTarget.value)}
        error={errorText(errors.areaSqm)}
        disabled={disabled}
      />
      <TextAreaField
        label={t('wizard.description')}
        hint={t('wizard.descriptionHint')}
        name="description"
        value={form.description}
        maxLength={5000}
        onChange={(e) => onChange('description', e.currentTarget.value)}
        error={errorText(errors.description)}
        disabled={disabled}
      />
    </>
  );
}
