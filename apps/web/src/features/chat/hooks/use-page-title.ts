import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<title>`: the page's title, then the brand. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    if (title) document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
