import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { useHydrating } from '@/lib/hydration';
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

export function Button(props: ButtonProps) {
  return props.type === 'submit' ? <SubmitButton {...props} /> : <ButtonElement {...props} waiting={false} />;
}

/**
 * A form's button in a page drawn on the server waits for the app: pressed before, the browser
 * would send the form itself, its fields (a phone, a message) in the address. Only these buttons
 * read whether the page is hydrating: React draws again, at once and in one go, every component
 * that read it once hydration is over (a few hundred milliseconds on a slow phone when every button
 * of a page did).
 */
function SubmitButton(props: ButtonProps) {
  return <ButtonElement {...props} waiting={useHydrating()} />;
}

function ButtonElement({ variant, block, small, loading, disabled, className, children, type = 'button', onClick, waiting, ...rest }: ButtonProps & { waiting: boolean }) {
  const busy = Boolean(loading) && !disabled;
  return (
    <button
      type={type}
      className={classes({ variant, block, small }, className)}
      disabled={disabled || waiting}
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

/** A press on a link that opens it in a new tab or window (a modifier key, another button). */
export function isNewTabPress(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

export interface ButtonLinkProps extends LinkProps, Look {
  /**
   * As Button's: a spinner before the label, aria-busy, and a press while busy does nothing (the
   * link stays focusable, and a press that opens a new tab or window still opens it).
   */
  loading?: boolean;
}

export function ButtonLink({ variant, block, small, className, loading, onClick, children, ...rest }: ButtonLinkProps) {
  return (
    <Link
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
    </Link>
  );
}
