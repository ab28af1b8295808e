import { LegalPage } from './legal-page';

/** /terms: the rules of using Betoch. */
export function TermsPage() {
  return <LegalPage doc="terms" />;
}
