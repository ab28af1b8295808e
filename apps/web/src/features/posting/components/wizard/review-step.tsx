import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { ZCreateListingRequest } from '@betoch/contracts/listings';
import { bathroomsFromChoice, generatedTitle, isPropertyType, toListingType } from '../../lib/property-types';
import type { WizardStep, WizardValues } from '../../lib/wizard-schema';
import { formatEtb } from '@/lib/format-money';
import { useListingTitle } from '@/lib/listing-title';
import styles from './wizard.module.css';

/** A number as the contract reads it from what was typed ('15,000'), or null while it is not one. */
function amount(field: 'price_etb' | 'area_sqm', text: string): number | null {
  const result = ZCreateListingRequest.shape[field].safeParse(text);
  return result.success ? (result.data ?? null) : null;
}

/** Step 5: what will be published, with a way back to each part. */
export function ReviewSummary({
  values,
  photoCount,
  onEdit,
  disabled,
}: {
  values: WizardValues;
  photoCount: number;
  onEdit: (step: WizardStep) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTexts('landlord');
  const titleOf = useListingTitle();
  const dash = '—';
  const type = isPropertyType(values.type) ? values.type : null;
  const bedrooms = type ? toListingType(type, values.bedrooms).bedrooms : null;
  const bathrooms = bathroomsFromChoice(values.bathrooms);
  const price = amount('price_etb', values.price_etb);
  const area = amount('area_sqm', values.area_sqm);

  const sections: { step: WizardStep; title: string; rows: [string, string][] }[] = [
    {
      step: 1,
      title: t('steps.property'),
      rows: [
        [t('review.title'), type && values.subcity ? titleOf(generatedTitle(type, values.bedrooms, values.subcity)) : dash],
        [t('wizard.propertyType'), type ? t(`types.${type}`) : dash],
        [t('wizard.location'), values.subcity ? t(`subcities.${values.subcity}`, { defaultValue: values.subcity }) : dash],
        [t('wizard.specificLocation'), values.specific_location.trim() || dash],
        [t('wizard.bedrooms'), bedrooms === 0 ? t('wizard.studio') : bedrooms === null ? dash : values.bedrooms],
        [t('wizard.bathrooms'), bathrooms === null ? dash : values.bathrooms],
        [t('wizard.area'), area ? t('review.area', { area }) : dash],
      ],
    },
    { step: 2, title: t('steps.pricing'), rows: [[t('review.price'), price ? t('review.perMonth', { price: formatEtb(price, i18n.language) }) : dash]] },
    { step: 3, title: t('steps.photos'), rows: [[t('review.photos'), t('review.photoCount', { count: photoCount })]] },
    { step: 4, title: t('steps.contact'), rows: [[t('wizard.contactPreference'), t(`wizard.contact.${values.contact_preference}.title`)]] },
  ];

  return (
    <div className={styles.summary}>
      {sections.map((section) => (
        <section key={section.step} className={styles.summarySection} aria-label={section.title}>
          <div className={styles.summaryHead}>
            <h3 className={styles.summaryTitle}>{section.title}</h3>
            <Button
              variant="ghost"
              small
              onClick={() => onEdit(section.step)}
              disabled={disabled}
              aria-label={t('review.editLabel', { section: section.title })}
            >
              {t('review.edit')}
            </Button>
          </div>
          <dl className={styles.rows}>
            {section.rows.map(([label, value]) => (
              <div key={label} className={styles.row}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {values.description.trim() ? <p className={styles.descriptionPreview}>{values.description.trim()}</p> : null}
    </div>
  );
}
