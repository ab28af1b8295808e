import { useTranslation } from 'react-i18next';
import styles from './wallet-page.module.css';

/** The three local payment methods, shown as names (no logos to download). */
const METHODS = ['telebirr', 'cbeBirr', 'mpesa'] as const;

/** The payment methods and the coming-soon note of spec section 2. */
export function PaymentMethods() {
  const { t } = useTranslation('wallet');
  return (
    <section className={styles.payment} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.sectionTitle}>
        {t('payment.title')}
      </h2>
      <ul className={styles.methods}>
        {METHODS.map((m) => (
          <li key={m} className={styles.method}>
            {t(`payment.${m}`)}
          </li>
        ))}
      </ul>
      <p className={styles.paymentNote}>{t('payment.note')}</p>
    </section>
  );
}
