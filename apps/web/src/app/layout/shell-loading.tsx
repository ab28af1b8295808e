import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/ui/spinner';

/** The first paint while the page's own code is still on its way. */
export function ShellLoading() {
  const { t } = useTranslation('common');
  return <PageSpinner label={t('status.loading')} />;
}
