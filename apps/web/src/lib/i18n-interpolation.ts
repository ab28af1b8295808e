import { CONTACT_UNLOCK_COST, OTP_LENGTH, PUBLISH_POST_CREDIT_COST, REPLY_UNLOCK_COST, SKU_CATALOG } from '@betoch/contracts/constants';

/**
 * The interpolation of every i18next instance (the app, the server's render, the tests). Numbers
 * that are rules of the app, not words, reach the texts from the constants, without each call
 * passing them: `{{digits}}` is the sign-in code's length; what things cost in credits is nested
 * as `$t(common:creditAmount, {"count": {{unlockCost}} })` (so the noun follows the number) and a
 * credit's price is the SKU table's. scripts/check-locales.mjs refuses such a number written out.
 */
export const I18N_INTERPOLATION = {
  escapeValue: false,
  defaultVariables: {
    digits: OTP_LENGTH,
    /** Credits a phone-number unlock takes (and a refund of it returns). */
    unlockCost: CONTACT_UNLOCK_COST,
    /** Credits unlocking an owner's replies takes. */
    replyCost: REPLY_UNLOCK_COST,
    /** Post credits a broker's publish takes. */
    publishCost: PUBLISH_POST_CREDIT_COST,
    /** What a phone-number unlock costs in birr, at the single credit's price. */
    unlockPrice: SKU_CATALOG.CREDIT_SINGLE.priceEtb * CONTACT_UNLOCK_COST,
  },
};
