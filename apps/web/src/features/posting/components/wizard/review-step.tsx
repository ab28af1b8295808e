import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { bathroomsFromChoice, generatedTitle, isPropertyType, toListingType } from '../../lib/property-types';
import { parseAmount, type WizardForm, type WizardStep } from '../../lib/wizard-form';
import { formatEtb } from '@/lib/format-money';
import { useListingTitle } from '@/lib/listing-title';
import styles from './wizard.module.css';

/** Step 5: what will be published, with a way back to each part. */
export function ReviewSummary({ form, photoCount, onEdit, disabled }: { form: WizardForm; photoCount: number; onEdit: (step: WizardStep) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('landlord');
  const titleOf = useListingTitle();
  const dash = '—';
  const type = isPropertyType(form.propertyType) ? form.propertyType : null;
  const bedrooms = type ? toListingType(type, form.bedrooms).bedrooms : null;
  const bathrooms = bathroomsFromChoice(form.bathrooms);
  const price = parseAmount(form.price);
  const area = parseAmount(form.areaSqm);

  const sections: { step: WizardStep; title: string; rows: [string, string][] }[] = [
    {
      step: 1,
      title: t('steps.property'),
      rows: [
        [t('review.title'), type && form.location ? titleOf(generatedTitle(type, form.bedrooms, form.location)) : dash],
        [t('wizard.propertyType'), type ? t(`types.${type}`) : dash],
        [t('wizard.location'), form.location ? t(`subcities.${form.location}`, { defaultValue: form.location }) : dash],
        [t('wizard.specificLocation'), form.specificLocation.trim() || dash],
        [t('wizard.bedrooms'), bedrooms === 0 ? t('wizard.studio') : bedrooms === null ? dash : form.bedrooms],
        [t('wizard.bathrooms'), bathrooms === null ? dash : form.bathrooms],
        [t('wizard.area'), area ? t('review.area', { area: Math.round(area) }) : dash],
      ],
    },
    { step: 2, title: t('steps.pricing'), rows: [[t('review.price'), price ? t('review.perMonth', { price: formatEtb(price, i18n.language) }) : dash]] },
    { step: 3, title: t('steps.photos'), rows: [[t('review.photos'), t('review.photoCount', { count: photoCount })]] },
    { step: 4, title: t('steps.contact'), rows: [[t('wizard.contactPreference'), t(`wizard.contact.${form.contactPreference}.title`)]] },
  ];

  return (
    <div className={styles.summary}>
      {sections.map((section) => (
        <section key={section.step} className={styles.summarySection} aria-label={section.title}>
          <div className={styles.summaryHead}>
            <h3 className={styles.summaryTitle}>{section.title}</h3>
            <Button variant="ghost" small onClick={() => onEdit(section.step)} disabled={disabled} aria-label={t('review.editLabel', { section: section.title })}>
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
      {form.description.trim() ? <p className={styles.descriptionPreview}>{form.description.trim()}</p> : null}
    </div>
  );
}
