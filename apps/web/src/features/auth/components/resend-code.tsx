import { useEffect, useRef, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import styles from './auth.module.css';

/**
 * 'Send a new code', or while the 60 s cooldown runs, the seconds left, counting down each
 * second. Screen readers hear the cooldown politely when it starts and when it ends, not every
 * second.
 */
export function ResendCode({ secondsLeft, pending, onResend }: { secondsLeft: number; pending: boolean; onResend: () => void }) {
  const { t } = useTexts('auth');
  const running = secondsLeft > 0;
  const [announcement, setAnnouncement] = useState('');
  const wasRunning = useRef(false);

  useEffect(() => {
    if (running && !wasRunning.current) setAnnouncement(t('code.cooldownStarted', { seconds: secondsLeft }));
    if (!running && wasRunning.current) setAnnouncement(t('code.cooldownOver'));
    wasRunning.current = running;
    // Only the start and the end are announced; the seconds in between are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running]);

  return (
    <div className={styles.resend}>
      {running ? (
        <p className={styles.countdown} data-testid="resend-countdown">
          {t('code.resendIn', { seconds: secondsLeft })}
        </p>
      ) : (
        <Button variant="secondary" small loading={pending} onClick={onResend}>
          {t('code.resend')}
        </Button>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
