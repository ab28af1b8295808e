import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';

/**
 * 'I accept the Terms and the Privacy notice', each a link to its page in the app. They open in a
 * new tab, so the form half filled (and its code) stays where it is.
 */
export function TermsLabel() {
  const { t } = useTexts('auth');
  return (
    <Trans
      t={t}
      i18nKey="fields.acceptTerms"
      components={{
        terms: <Link to={paths.terms} target="_blank" rel="noopener" />,
        privacy: <Link to={paths.privacy} target="_blank" rel="noopener" />,
      }}
    />
  );
}
