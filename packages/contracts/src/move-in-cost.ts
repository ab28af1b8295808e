/**
 * The move-in cost, with no schema library: /l/{id} computes it in the browser and its
 * first-load JS must stay small.
 */

/** What a tenant pays before moving in, as /l/{id} shows it: each part in ETB, and the sum. */
export interface MoveInCost {
  firstMonth: number;
  advance: number;
  deposit: number;
  brokerFee: number;
  total: number;
}

/** The move-in cost of a listing: first month + advance months + deposit + broker fee (ETB or share). */
export function moveInCost(listing: {
  price_etb: number;
  advance_months: number | null;
  deposit_etb: number | null;
  broker_fee_etb: number | null;
  broker_fee_percent: number | null;
}): MoveInCost {
  const firstMonth = listing.price_etb;
  const advance = (listing.advance_months ?? 0) * listing.price_etb;
  const deposit = listing.deposit_etb ?? 0;
  const percent = listing.broker_fee_percent ?? null;
  const brokerFee = listing.broker_fee_etb ?? (percent !== null ? Math.round((percent * listing.price_etb) / 100) : 0);
  return { firstMonth, advance, deposit, brokerFee, total: firstMonth + advance + deposit + brokerFee };
}
