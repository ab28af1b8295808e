import { AppLink } from '@/components/ui/app-link';
import { Trans } from 'react-i18next';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';

/**
 * 'I accept the Terms and the Privacy notice', each a link to its page in the app (the text is the
 * form's own, with <terms> and <privacy> tags). They open in a new tab, so the form half filled
 * (and its code, and a wizard's photos) stays where it is.
 */
export function TermsLabel({ t, i18nKey }: { t: TFunction<string[] | string>; i18nKey: string }) {
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        terms: <AppLink to={paths.terms} target="_blank" rel="noopener" />,
        privacy: <AppLink to={paths.privacy} target="_blank" rel="noopener" />,
      }}
    />
  );
}
