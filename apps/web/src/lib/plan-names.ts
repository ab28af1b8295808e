import { useTexts } from '@/lib/use-texts';
import type { Sku } from '@betoch/contracts/constants';

/**
 * The one name of each plan and the one 'BEST VALUE' label, for every screen that sells or
 * names a plan (the wallet's cards, the signup plan step, the broker's signup notice): the
 * texts live once, in `common:plans`, keyed by sku. Which plans carry the label is the sku
 * table's `bestValue` (contracts/constants.ts).
 */

export interface PlanNames {
  /** 'Single Credit', '10 Credits Bundle', ... in the interface language. */
  name(sku: Sku): string;
  /** 'BEST VALUE'. */
  bestValue: string;
}

export function usePlanNames(): PlanNames {
  const { t } = useTexts('common');
  return { name: (sku) => t(`plans.names.${sku}`), bestValue: t('plans.bestValue') };
}
