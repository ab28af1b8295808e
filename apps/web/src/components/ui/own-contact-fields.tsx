import type { ComponentProps } from 'react';
import { TextField } from './field';

/**
 * The person's own phone: the phone keypad, the browser's saved number offered, written left to
 * right in both languages.
 */
export function OwnPhoneField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="tel" inputMode="tel" autoComplete="tel" dir="ltr" {...props} />;
}

/** The person's own email: the email keyboard, the browser's saved address offered, left to right. */
export function OwnEmailField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" dir="ltr" {...props} />;
}
