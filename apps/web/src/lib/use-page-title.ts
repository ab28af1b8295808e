import { useEffect } from 'react';
import { useTexts } from '@/lib/use-texts';

/** `<title>`: the page's own title, then the brand, so tabs and history entries say where they lead. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTexts('common');
  const brand = t('brand.name');
  useEffect(() => {
    if (title) document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
