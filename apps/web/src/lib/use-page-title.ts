import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<title>`: the page's own title, then the brand, so tabs and history entries say where they lead. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    if (title) document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
