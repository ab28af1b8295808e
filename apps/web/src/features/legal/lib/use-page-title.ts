import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<title>`: the page's own title, then the brand. */
export function usePageTitle(title: string) {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
