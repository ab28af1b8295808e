import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
import { ZVerifyOtpRequest, type TSessionAnswer, type TVerifyOtpRequest } from '@betoch/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useVerifyOtp } from '@/api/verify-otp';
import { afterLogin, carryIntent, readIntent, type AuthIntent, intentQuery } from '../lib/auth-intent';
import { forgetPendingMessage, withPendingMessage } from '../lib/pending-message';
import { useStartConversation } from '@/api/start-conversation';
import { resendFromCodeStep, sendFromPhoneStep, type Notice } from '../lib/code-notices';
import { fieldError } from '../lib/field-error';
import { useCodeSender, type CodeSender } from '../lib/use-code-sender';
import { AuthLayout } from './auth-layout';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { DemoCode } from './demo-code';
import { PhoneStep } from './phone-step';
import { ResendCode } from './resend-code';
import { TelegramContinue } from './telegram-continue';
import { telegramFailureNotice, telegramReturn } from '../lib/telegram-return';
import { useRedeemTelegramTicket } from '../api/redeem-telegram-ticket';
import styles from './auth.module.css';

/** /login: the phone, then the 6-digit code. */
export function LoginPage() {
  const { t } = useTexts('auth');
  const location = useLocation();
  const session = useSession();
  const intent = useMemo(() => readIntent(location.state, new URLSearchParams(location.search)), [location.state, location.search]);
  // Someone already signed in who opens /login goes on; a sign-in that just happened navigates itself.
  const [signedInAtStart] = useState(session.isAuthenticated);
  const sender = useCodeSender();
  const navigate = useNavigate();
  // Sent here from /signup with a code that is still unused: straight to the code step.
  const [step, setStep] = useState<'phone' | 'code'>(intent.phone && intent.code ? 'code' : 'phone');
  const [phone, setPhone] = useState(intent.phone ?? '');
  const telegram = useMemo(() => telegramReturn(new URLSearchParams(location.search)), [location.search]);
  const [notice, setNotice] = useState<Notice | null>(() => (telegram.failure ? telegramFailureNotice(t, telegram.failure) : null));
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [ticket, setTicket] = useState(telegram.ticket);

  if (signedInAtStart) return <Navigate to={afterLogin(intent)} replace />;

  if (ticket) {
    return (
      <TelegramTicketStep
        ticket={ticket}
        onSignedIn={(answer) => {
          session.signIn(answer.token, answer.user);
          void navigate(afterLogin(intent), { replace: true });
        }}
        onFailed={(error) => {
          setNotice({ tone: 'error', content: errorText(t, error) });
          setTicket(undefined);
        }}
      />
    );
  }

  const toPhoneStep = (next?: Notice, error?: string) => {
    setNotice(next ?? null);
    setPhoneError(error);
    setStep('phone');
  };

  const onPhone = async (value: string, setFieldError: (key: string) => void) => {
    setNotice(null);
    setPhoneError(undefined);
    if (value !== phone) sender.forget();
    if (!(await sendFromPhoneStep(t, sender, value, setFieldError, setNotice))) return;
    setPhone(value);
    setStep('code');
  };

  const below = (
    <p>
      {t('login.noAccount')}{' '}
      <AppLink to={`${paths.signup}${intentQuery(intent)}`} state={carryIntent(intent)}>
        {t('login.signupLink')}
      </AppLink>
    </p>
  );

  if (step === 'phone') {
    return (
      <AuthLayout stepKey="phone" title={t('login.title')} intro={t('login.intro')} below={below}>
        <PhoneStep
          key="phone"
          defaultPhone={phone}
          submitLabel={t('phone.sendCode')}
          pending={sender.pending}
          autoFocus
          initialError={phoneError}
          onSubmit={onPhone}
          notice={notice ? <Alert tone={notice.tone}>{notice.content}</Alert> : intent.from ? <Alert tone="info">{t('login.needLogin')}</Alert> : null}
        />
        <TelegramContinue page="login" from={intent.from} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout stepKey="code" title={t('login.codeTitle')} below={below}>
      <LoginCodeStep
        phone={phone}
        initialCode={intent.code}
        intent={intent}
        sender={sender}
        notice={notice}
        setNotice={setNotice}
        onBack={(error) => toPhoneStep(undefined, error)}
        onNotRegistered={(code) =>
          toPhoneStep(
            {
              tone: 'info',
              content: (
                <p>
                  {t('login.notRegistered')}{' '}
                  <AppLink to={paths.signup} state={carryIntent(intent, { phone, code })}>
                    {t('login.signupWithPhone')}
                  </AppLink>
                </p>
              ),
            },
            'invalid_phone',
          )
        }
      />
    </AuthLayout>
  );
}

/** Back from Telegram with a ticket: traded for the session once, then on to where the person was going. */
function TelegramTicketStep({ ticket, onSignedIn, onFailed }: { ticket: string; onSignedIn(answer: TSessionAnswer): void; onFailed(error: unknown): void }) {
  const { t } = useTexts('auth');
  const redeem = useRedeemTelegramTicket();
  const started = useRef(false);
  useEffect(() => {
    // Once: the ticket is single use (StrictMode runs an effect twice in development).
    if (started.current) return;
    started.current = true;
    void redeem.mutateAsync(ticket).then(onSignedIn, onFailed);
  }, [ticket, redeem, onSignedIn, onFailed]);
  return (
    <AuthLayout stepKey="telegram" title={t('login.title')}>
      <p className={styles.sentTo} role="status">
        {t('telegram.signingIn')}
      </p>
    </AuthLayout>
  );
}

interface LoginCodeStepProps {
  phone: string;
  initialCode: string | undefined;
  intent: AuthIntent;
  sender: CodeSender;
  notice: Notice | null;
  setNotice(notice: Notice | null): void;
  onBack(phoneError?: string): void;
  onNotRegistered(code: string): void;
}

function LoginCodeStep({ phone, initialCode, intent, sender, notice, setNotice, onBack, onNotRegistered }: LoginCodeStepProps) {
  const { t } = useTexts('auth');
  const navigate = useNavigate();
  const session = useSession();
  const verify = useVerifyOtp();
  const conversation = useStartConversation();
  const form = useForm<TVerifyOtpRequest>({
    resolver: zodResolver(ZVerifyOtpRequest),
    defaultValues: { phone, code: initialCode ?? '' },
  });

  const clearCode = (messageKey: string) => {
    form.setValue('code', '');
    form.setError('code', { message: messageKey }, { shouldFocus: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const answer = await verify.mutateAsync(values);
      session.signIn(answer.token, answer.user);
      // A first message written before signing in (sign-up's 'Log in' carries it) is sent now.
      const { pendingMessage, listingId } = withPendingMessage(intent);
      if (pendingMessage && listingId) {
        const sent = await conversation.mutateAsync({ listingId, message: pendingMessage }).catch(() => null);
        if (sent) {
          forgetPendingMessage();
          void navigate(paths.conversation(sent.conversation_id), { replace: true, state: { messageSent: true } });
          return;
        }
      }
      void navigate(afterLogin(intent), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'invalid_code') clearCode('errors.invalid_code');
      else if (code === 'code_expired') clearCode('errors.code_expired');
      // No account for this phone: shown as the invalid phone message, with a way to sign up.
      else if (code === 'user_not_found') onNotRegistered(values.code);
      else if (code === 'invalid_phone') onBack('invalid_phone');
      else setNotice({ tone: 'error', content: errorText(t, error) });
    }
  });

  const resend = async () => {
    await resendFromCodeStep(t, sender, phone, setNotice);
    form.setFocus('code');
  };

  // Sent by the browser itself (without JavaScript) the form posts: its fields never go into the address.
  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void submit(e)}>
      <CodeSentTo phone={phone} />
      {notice ? <Alert tone={notice.tone}>{notice.content}</Alert> : null}
      <DemoCode code={sender.demoCode} />
      <CodeField registration={form.register('code')} autoFocus error={fieldError(t, form.formState.errors.code?.message)} />
      <ResendCode secondsLeft={sender.secondsLeft} pending={sender.pending} onResend={() => void resend()} />
      <div className={styles.actions}>
        <Button type="submit" block loading={verify.isPending}>
          {t('login.verify')}
        </Button>
        <Button variant="ghost" block onClick={() => onBack()}>
          {t('common:actions.back')}
        </Button>
      </div>
    </form>
  );
}
