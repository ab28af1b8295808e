import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink, isNewTabPress, type AppLinkProps } from '@/components/ui/app-link';
import styles from './button.module.css';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'gold' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  block?: boolean;
  small?: boolean;
}

function classes({ variant = 'primary', block, small }: Look, extra?: string): string {
  return [styles.button, styles[variant], block && styles.block, small && styles.small, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /**
   * Shows a spinner and keeps the label (screen readers hear aria-busy). A busy button ignores
   * presses but stays focusable (aria-disabled, not disabled): a disabled button would drop the
   * keyboard focus to the page, and a keyboard user would have to find their place again.
   */
  loading?: boolean;
  children: ReactNode;
}

/**
 * A form's button is live from the first byte: on a page drawn by the server, a press before the
 * app has started is held by the page's boot script and pressed again once the app is live
 * (lib/early-taps.ts); without JavaScript the browser sends the form to its action (forms of the
 * public pages name one, or post, so no field goes into the address).
 */
export function Button({ variant, block, small, loading, disabled, className, children, type = 'button', onClick, ...rest }: ButtonProps) {
  const busy = Boolean(loading) && !disabled;
  return (
    <button
      type={type}
      className={classes({ variant, block, small }, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size={16} decorative /> : null}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AppLinkProps, Look {
  /**
   * As Button's: a spinner before the label, aria-busy, and a press while busy does nothing (the
   * link stays focusable, and a press that opens a new tab or window still opens it).
   */
  loading?: boolean;
}

export function ButtonLink({ variant, block, small, className, loading, onClick, children, ...rest }: ButtonLinkProps) {
  return (
    <AppLink
      className={classes({ variant, block, small }, className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        // Busy: a plain press waits; one that opens a new tab or window still does.
        if (loading && !isNewTabPress(event)) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <Spinner size={16} decorative /> : null}
      {children}
    </AppLink>
  );
}
