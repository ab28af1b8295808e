import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import type { UserType } from '@betoch/contracts/constants';
import type { TWalletBalance } from '@betoch/contracts/wallet';
import { CheckIcon } from '@/components/ui/icons';
import { formatLocalDate } from '@/components/ui/local-date';
import { activeUntil } from '../lib/wallet-cards';
import styles from './wallet-page.module.css';

/** An active plan: its name and 'Valid until' date. */
function PlanCard({ title, text, until }: { title: string; text: string; until: Date }) {
  const { t, i18n } = useTexts('wallet');
  return (
    <div className={styles.planCard} data-testid="active-plan">
      <span className={styles.planIcon} aria-hidden="true">
        <CheckIcon size={22} />
      </span>
      <div>
        <h2 className={styles.planTitle}>{title}</h2>
        <p className={styles.planText}>{text}</p>
        <p className={styles.planUntil}>
          <Trans
            t={t}
            i18nKey="plan.validUntil"
            values={{ date: formatLocalDate(until.toISOString(), i18n.language) }}
            components={{ date: <time dateTime={until.toISOString()} className={styles.planDate} /> }}
          />
        </p>
      </div>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className={styles.stat}>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/**
 * The balances /wallet shows: credits for tenants (and landlords, who buy them too), the
 * 'Unlimited Access Active' card while the tenant plan runs; for brokers the 'Unlimited Posting
 * Active' card and the post credits.
 */
export function BalanceSummary({ balance, userType, now }: { balance: TWalletBalance; userType: UserType; now?: Date }) {
  const { t } = useTexts('wallet');
  if (userType === 'delala') {
    const until = activeUntil(balance.sub_delala_unlimited_until, now);
    return (
      <div className={styles.balances}>
        {until ? <PlanCard title={t('plan.delalaActive')} text={t('plan.delalaText')} until={until} /> : null}
        <Stat label={t('balance.postCredits')} value={balance.post_credits} testId="post-credits-balance" />
      </div>
    );
  }
  const until = activeUntil(balance.sub_tenant_unlimited_until, now);
  return (
    <div className={styles.balances}>
      {until ? <PlanCard title={t('plan.tenantActive')} text={t('plan.tenantText')} until={until} /> : null}
      <Stat label={t('balance.credits')} value={balance.credits} testId="credits-balance" />
    </div>
  );
}
