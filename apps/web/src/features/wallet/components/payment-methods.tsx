import { useTexts } from '@/lib/use-texts';
import { usePaymentMethods } from '../api/payment-methods';
import styles from './wallet-page.module.css';

/** The local payment methods, shown as names (no logos to download). */
const SOON_METHODS = ['telebirr', 'cbeBirr', 'mpesa'] as const;
const CHECKOUT_METHODS = { telebirr: 'telebirr', cbe_birr: 'cbeBirr', mpesa: 'mpesa', card: 'card' } as const;

/**
 * The payment methods: available when the hosted checkout is configured, otherwise the
 * coming-soon note (also while the answer is loading or failed).
 */
export function PaymentMethods() {
  const { t } = useTexts('wallet');
  const methods = usePaymentMethods();
  const available = methods.data?.checkout_available === true;
  const names = available ? methods.data!.methods.map((m) => CHECKOUT_METHODS[m]) : SOON_METHODS;
  return (
    <section className={styles.payment} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.sectionTitle}>
        {t('payment.title')}
      </h2>
      <ul className={styles.methods}>
        {names.map((m) => (
          <li key={m} className={styles.method}>
            {t(`payment.${m}`)}
          </li>
        ))}
      </ul>
      <p className={styles.paymentNote}>{t(available ? 'payment.available' : 'payment.note')}</p>
    </section>
  );
}
