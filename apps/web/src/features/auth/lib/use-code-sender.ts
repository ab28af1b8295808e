import { useCallback, useState } from 'react';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@betoch/contracts/constants';
import { ApiError } from '@/lib/api-client';
import { useCountdown } from '@/lib/use-countdown';
import { useRequestOtp } from '@/api/request-otp';

export type SendResult =
  | { kind: 'sent' }
  /** A code was sent to this phone less than a minute ago; the countdown now runs. */
  | { kind: 'cooldown'; seconds: number }
  | { kind: 'error'; error: unknown };

/**
 * Asks for codes and keeps what the code step shows: the demo code (demo mode only) and the
 * resend countdown, started from the server's retry_after (60 s).
 */
export function useCodeSender() {
  const countdown = useCountdown();
  const mutation = useRequestOtp();
  const [demoCode, setDemoCode] = useState<string | undefined>();
  const { start } = countdown;
  const { mutateAsync } = mutation;

  const send = useCallback(
    async (phone: string): Promise<SendResult> => {
      try {
        const answer = await mutateAsync({ phone });
        setDemoCode(answer.code);
        start(answer.retry_after || OTP_RESEND_COOLDOWN_SECONDS);
        return { kind: 'sent' };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'cooldown_active') {
          const seconds = error.retryAfter ?? OTP_RESEND_COOLDOWN_SECONDS;
          start(seconds);
          return { kind: 'cooldown', seconds };
        }
        return { kind: 'error', error };
      }
    },
    [mutateAsync, start],
  );

  /** A different phone: its code and countdown are not this one's. */
  const forget = useCallback(() => {
    setDemoCode(undefined);
    start(0);
  }, [start]);

  return { send, forget, pending: mutation.isPending, demoCode, secondsLeft: countdown.secondsLeft };
}

export type CodeSender = ReturnType<typeof useCodeSender>;
