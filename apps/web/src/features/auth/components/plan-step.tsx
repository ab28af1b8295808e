import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import { bundleSavingPercent, SKU_CATALOG, SKUS, type Sku, type UserType } from '@betoch/contracts/constants';
import { Button } from '@/components/ui/button';
import { formatEtb } from '@/lib/format-money';
import { usePlanNames } from '@/lib/plan-names';
import styles from './auth.module.css';

/** The plans a renter can start with: the tenant skus, in catalogue order. */
const PLAN_SKUS: readonly Sku[] = SKUS.filter((sku) => SKU_CATALOG[sku].audience === 'tenant');

/** The numbers a plan's text names: how many credits, days, and the bundle's saving. */
function planTextValues(sku: Sku): { count?: number; days?: number; percent: number } {
  const { grant } = SKU_CATALOG[sku];
  const amount = grant.kind === 'plan' ? { days: grant.days } : { count: grant.amount };
  return { ...amount, percent: bundleSavingPercent(sku) ?? 0 };
}

export interface PlanStepProps {
  userType: Exclude<UserType, 'delala'>;
  /** The plan the link preselected, outlined. */
  preselected?: Sku;
  /** What is running: the chosen sku, 'skip', or nothing. */
  busy: Sku | 'skip' | null;
  notice?: ReactNode;
  canGoBack: boolean;
  onChoose(sku: Sku): void;
  onSkip(): void;
  onBack(): void;
}

/** Step 3 of /signup for tenants and landlords: choose a plan (bought in the wallet) or skip. */
export function PlanStep({ userType, preselected, busy, notice, canGoBack, onChoose, onSkip, onBack }: PlanStepProps) {
  const { t, i18n } = useTexts('auth');
  const plans = usePlanNames();
  return (
    <div>
      <p className={styles.intro}>{userType === 'landlord' ? t('signup.planIntroLandlord') : t('signup.planIntroTenant')}</p>
      {notice}
      <ul className={styles.plans}>
        {PLAN_SKUS.map((sku) => {
          const chosen = sku === preselected;
          const best = SKU_CATALOG[sku].bestValue;
          const name = plans.name(sku);
          return (
            <li key={sku} className={[styles.plan, chosen && styles.planChosen].filter(Boolean).join(' ')}>
              <div className={styles.planHead}>
                <h2 className={styles.planName}>{name}</h2>
                <span className={styles.planPrice}>{formatEtb(SKU_CATALOG[sku].priceEtb, i18n.language)}</span>
              </div>
              <Button
                className={styles.planButton}
                variant={chosen ? 'primary' : 'secondary'}
                small
                disabled={busy !== null}
                loading={busy === sku}
                onClick={() => onChoose(sku)}
              >
                {t('signup.choosePlan')}
                <span className="visually-hidden"> – {name}</span>
              </Button>
              {best || chosen ? (
                <p className={styles.planBadges}>
                  {best ? <span className={styles.planBadge}>{plans.bestValue}</span> : null}
                  {chosen ? <span className={`${styles.planBadge} ${styles.planBadgeChosen}`}>{t('signup.chosen')}</span> : null}
                </p>
              ) : null}
              <p className={styles.planText}>{t(`plans.${sku}.text`, planTextValues(sku))}</p>
            </li>
          );
        })}
      </ul>
      <div className={styles.actions}>
        <Button variant="primary" block disabled={busy !== null} loading={busy === 'skip'} onClick={onSkip}>
          {t('signup.skip')}
        </Button>
        {canGoBack ? (
          <Button variant="ghost" block disabled={busy !== null} onClick={onBack}>
            {t('common:actions.back')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
