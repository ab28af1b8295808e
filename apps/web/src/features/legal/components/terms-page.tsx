import { useTexts } from '@/lib/use-texts';
import { LegalPage, type LegalSection } from './legal-page';

/** /terms: the rules of using Betoch. */
export function TermsPage() {
  const { t } = useTexts('legal');
  return <LegalPage doc="terms" title={t('terms.title')} intro={t('terms.intro')} sections={t('terms.sections', { returnObjects: true }) as LegalSection[]} />;
}
