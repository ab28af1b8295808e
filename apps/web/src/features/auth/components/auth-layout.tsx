import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import styles from './auth.module.css';

export interface AuthLayoutProps {
  title: ReactNode;
  /** 'Step 2 of 3'. */
  step?: ReactNode;
  intro?: ReactNode;
  /**
   * Changes when the step changes. Focus then moves into the new step: to its field marked
   * `data-autofocus` (the phone's keyboard opens on it), else to the heading, so screen readers
   * hear the new step. The first step of a page load keeps the browser's own focus.
   */
  stepKey: string;
  children: ReactNode;
  below?: ReactNode;
}

/** The frame of /login and /signup: no top bar, the brand linking home, one card. */
export function AuthLayout({ title, step, intro, stepKey, children, below }: AuthLayoutProps) {
  const { t } = useTexts('common');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLElement>(null);
  const firstStep = useRef(stepKey);

  useEffect(() => {
    if (stepKey === firstStep.current) return;
    firstStep.current = '';
    const target = card.current?.querySelector<HTMLElement>('[data-autofocus]') ?? heading.current;
    target?.focus();
  }, [stepKey]);

  return (
    <div className={styles.page}>
      <AppLink to={paths.home} className={styles.brand}>
        <Logo size={32} />
        {t('brand.name')}
      </AppLink>
      <section ref={card} className={styles.card} aria-labelledby={titleId}>
        {step ? <p className={styles.step}>{step}</p> : null}
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </section>
      {below ? <div className={styles.below}>{below}</div> : null}
    </div>
  );
}
