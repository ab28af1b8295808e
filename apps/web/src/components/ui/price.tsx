import { useTexts } from '@/lib/use-texts';
import { formatEtb } from '@/lib/format-money';

/**
 * A price in birr in the interface language ('15,000 ETB' / '15,000 ብር', whole birr, thousands
 * separators); `suffix` (e.g. '/ month') follows in a lighter style.
 */
export function Price({ amount, suffix, className }: { amount: number; suffix?: string; className?: string }) {
  const { i18n } = useTexts();
  return (
    <span className={className}>
      <span dir="ltr">{formatEtb(Math.round(amount), i18n.language)}</span>
      {suffix ? <span style={{ fontWeight: 400, fontSize: '0.85em' }}> {suffix}</span> : null}
    </span>
  );
}
