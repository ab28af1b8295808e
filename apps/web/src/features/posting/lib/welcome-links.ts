import { paths, STEP_PARAM } from '@/config/paths';

/**
 * Sign-in that comes back to posting: the way back in the address (read by features/auth before
 * the app has started and without JavaScript) and in the router's state.
 */
export const SIGN_IN_TO_POST = {
  to: paths.signInFrom(paths.postProperty),
  state: { from: paths.postProperty },
} as const;

/** A step of the welcome wizard drawn by the server (without JavaScript), scrolled to the wizard's heading. */
export function welcomeStepHref(step: number): string {
  return `${paths.landlordWelcome}?${STEP_PARAM}=${step}#wizard-title`;
}
