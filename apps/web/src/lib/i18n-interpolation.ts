import { OTP_LENGTH } from '@betoch/contracts/constants';

/**
 * The interpolation of every i18next instance (the app, the server's render, the tests). Numbers
 * that are rules of the app, not words, reach the texts from the constants: `{{digits}}` is the
 * sign-in code's length wherever a text names it, without each call passing it.
 */
export const I18N_INTERPOLATION = { escapeValue: false, defaultVariables: { digits: OTP_LENGTH } };
