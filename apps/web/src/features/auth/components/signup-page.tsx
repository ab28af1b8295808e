import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
import type { z } from 'zod';
import { ZSignupRequest } from '@betoch/contracts/auth';
import type { Sku } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { usePurchasePlan } from '../api/purchase-plan';
import { useSignup } from '@/api/signup';
import { useStartConversation } from '@/api/start-conversation';
import { afterLogin, afterSkip, carryIntent, planFor, readIntent, intentQuery } from '../lib/auth-intent';
import { forgetPendingMessage, withPendingMessage } from '../lib/pending-message';
import { resendFromCodeStep, sendFromPhoneStep, type Notice } from '../lib/code-notices';
import { useCodeSender } from '../lib/use-code-sender';
import { AuthLayout } from './auth-layout';
import { PhoneStep } from './phone-step';
import { PlanStep } from './plan-step';
import { ProfileStep, type ProfileInput, type ProfileOutput } from './profile-step';
import { TelegramContinue } from './telegram-continue';
import { telegramFailureNotice, telegramReturn } from '../lib/telegram-return';
import { useSignupTicket } from '../api/read-signup-ticket';

type Step = 'phone' | 'profile' | 'plan';
type ProfileField = keyof z.input<typeof ZSignupRequest>;

const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'email', 'userType', 'agencyName', 'code', 'acceptTerms'];

/**
 * /signup: (1) phone, (2) profile and code, (3) plan, for everyone but brokers. The account is
 * created when the last step is done: a broker's at step 2 (then their chosen plan is bought),
 * everyone else's when they choose a plan or skip.
 */
export function SignupPage() {
  const { t } = useTexts('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const intent = useMemo(() => readIntent(location.state, new URLSearchParams(location.search)), [location.state, location.search]);
  const [signedInAtStart] = useState(session.isAuthenticated);
  const sender = useCodeSender();
  const signupCall = useSignup();
  const purchase = usePurchasePlan();
  const conversation = useStartConversation();

  // Sent here from /login with an unused code for an unknown phone: straight to the profile.
  const [step, setStep] = useState<Step>(intent.phone && intent.code ? 'profile' : 'phone');
  const [phone, setPhone] = useState(intent.phone ?? '');
  // Back from Telegram: a ticket standing for the code of the phone Telegram verified, or why not.
  const telegram = useMemo(() => telegramReturn(new URLSearchParams(location.search)), [location.search]);
  const [telegramTicket, setTelegramTicket] = useState(telegram.ticket);
  const ticketRead = useSignupTicket(telegramTicket);
  const [notice, setNotice] = useState<Notice | null>(() => (telegram.failure ? telegramFailureNotice(t, telegram.failure) : null));
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [signedUp, setSignedUp] = useState(false);
  const [busy, setBusy] = useState<Sku | 'skip' | null>(null);
  const profile = useRef<ProfileOutput | null>(null);

  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(ZSignupRequest),
    defaultValues: {
      phone: intent.phone ?? '',
      code: intent.code ?? '',
      name: '',
      email: '',
      userType: intent.role ?? 'tenant',
      agencyName: '',
    },
  });
  const userType = useWatch({ control: form.control, name: 'userType' });
  const verifiedPhone = ticketRead.data?.phone;
  useEffect(() => {
    if (verifiedPhone && telegramTicket) {
      form.setValue('phone', verifiedPhone);
      form.setValue('telegramTicket', telegramTicket);
      setPhone(verifiedPhone);
      setStep('profile');
    }
  }, [verifiedPhone, telegramTicket, form]);
  useEffect(() => {
    if (!ticketRead.error) return;
    setNotice({ tone: 'error', content: errorText(t, ticketRead.error) });
    setTelegramTicket(undefined);
  }, [ticketRead.error, t]);
  const byTelegram = Boolean(telegramTicket && verifiedPhone);
  const isBroker = userType === 'delala';
  const brokerPlan = planFor('delala', intent.selectedPlan);
  const renterPlan = planFor('tenant', intent.selectedPlan);

  if (signedInAtStart) return <Navigate to={afterLogin(intent)} replace />;

  const focusLater = (field: ProfileField) => setTimeout(() => form.setFocus(field), 0);

  const clearCode = (messageKey: string) => {
    form.setValue('code', '');
    form.setError('code', { message: messageKey });
    focusLater('code');
  };

  /** Every failure of the signup call is shown on the profile step, where it can be fixed. */
  const showSignupError = (error: unknown, values: ProfileOutput) => {
    setStep('profile');
    const code = error instanceof ApiError ? error.code : undefined;
    if (code === 'invalid_code') return clearCode('errors.invalid_code');
    if (code === 'code_expired') return clearCode('errors.code_expired');
    if (code === 'agency_name_required') {
      form.setError('agencyName', { message: 'agency_required' });
      return focusLater('agencyName');
    }
    if (code === 'invalid_phone') {
      setPhoneError('invalid_phone');
      return setStep('phone');
    }
    if (code === 'user_already_exists') {
      return setNotice({
        tone: 'error',
        content: (
          <p>
            {t('common:errors.user_already_exists')}{' '}
            <AppLink to={paths.login} state={carryIntent(intent, { phone: values.phone, code: values.code })}>
              {t('signup.loginWithPhone')}
            </AppLink>
          </p>
        ),
      });
    }
    // Field messages the server sent (validation_error) go on their fields.
    const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
    const known = fields.filter(([field]) => (PROFILE_FIELDS as readonly string[]).includes(field));
    for (const [field, key] of known) form.setError(field as ProfileField, { message: key });
    if (known.length === 0) setNotice({ tone: 'error', content: errorText(t, error) });
  };

  const createAccount = async (values: ProfileOutput): Promise<boolean> => {
    if (signedUp) return true;
    setNotice(null);
    try {
      const answer = await signupCall.mutateAsync({
        phone: values.phone,
        ...(values.telegramTicket ? { telegramTicket: values.telegramTicket } : { code: values.code }),
        name: values.name,
        email: values.email,
        userType: values.userType,
        agencyName: values.userType === 'delala' ? values.agencyName : undefined,
        acceptTerms: values.acceptTerms,
      });
      session.signIn(answer.token, answer.user);
      setSignedUp(true);
      return true;
    } catch (error) {
      showSignupError(error, values);
      return false;
    }
  };

  const onPhone = async (value: string, setFieldError: (key: string) => void) => {
    setNotice(null);
    setPhoneError(undefined);
    if (value !== phone) {
      sender.forget();
      form.setValue('code', '');
    }
    if (!(await sendFromPhoneStep(t, sender, value, setFieldError, setNotice))) return;
    setPhone(value);
    form.setValue('phone', value);
    setStep('profile');
  };

  const resend = async () => {
    await resendFromCodeStep(t, sender, phone, setNotice);
    form.setFocus('code');
  };

  const onProfile = async (values: ProfileOutput) => {
    profile.current = values;
    if (values.userType !== 'delala') {
      setNotice(null);
      setStep('plan');
      return;
    }
    if (!(await createAccount(values))) return;
    if (!brokerPlan) {
      void navigate(paths.myListings, { replace: true });
      return;
    }
    try {
      await purchase.mutateAsync(brokerPlan);
      void navigate(paths.postDelala, { replace: true });
    } catch {
      window.alert(t('signup.purchaseFailed'));
      void navigate(paths.wallet, { replace: true, state: { highlightSku: brokerPlan } });
    }
  };

  const onChoosePlan = async (sku: Sku) => {
    if (!profile.current) return setStep('profile');
    setBusy(sku);
    const ok = await createAccount(profile.current);
    setBusy(null);
    if (ok) void navigate(paths.wallet, { replace: true, state: { highlightSku: sku } });
  };

  const onSkip = async () => {
    if (!profile.current) return setStep('profile');
    setBusy('skip');
    const ok = await createAccount(profile.current);
    if (!ok) return setBusy(null);
    // The message of the listing's form: in the intent, or kept by the server when posted without the app.
    const { pendingMessage, listingId } = withPendingMessage(intent);
    if (pendingMessage && listingId) {
      try {
        const { conversation_id: id } = await conversation.mutateAsync({ listingId, message: pendingMessage });
        forgetPendingMessage();
        void navigate(paths.conversation(id), { replace: true, state: { messageSent: true } });
      } catch (error) {
        setBusy(null);
        setNotice({
          tone: 'error',
          content: (
            <>
              <p>{t('signup.messageFailed', { error: errorText(t, error) })}</p>
              <Button small variant="secondary" onClick={() => void navigate(afterSkip(intent), { replace: true })}>
                {t('common:actions.continue')}
              </Button>
            </>
          ),
        });
      }
      return;
    }
    void navigate(afterSkip(intent), { replace: true });
  };

  const total = isBroker ? 2 : 3;
  const stepText = (current: number) => t('signup.step', { current, total });
  const noticeAlert = notice ? <Alert tone={notice.tone}>{notice.content}</Alert> : null;
  const below = (
    <p>
      {t('signup.haveAccount')}{' '}
      <AppLink to={`${paths.login}${intentQuery(intent)}`} state={carryIntent(intent)}>
        {t('signup.loginLink')}
      </AppLink>
    </p>
  );

  if (telegramTicket && !verifiedPhone) {
    return (
      <AuthLayout stepKey="telegram" step={stepText(1)} title={t('signup.title')}>
        <p role="status">{t('telegram.checking')}</p>
      </AuthLayout>
    );
  }

  if (step === 'phone') {
    return (
      <AuthLayout stepKey="phone" step={stepText(1)} title={t('signup.title')} intro={t('signup.intro')} below={below}>
        <PhoneStep
          defaultPhone={phone}
          submitLabel={t('phone.sendCode')}
          pending={sender.pending}
          autoFocus
          initialError={phoneError}
          notice={noticeAlert}
          onSubmit={onPhone}
        />
        <TelegramContinue page="signup" from={intent.from} />
      </AuthLayout>
    );
  }

  if (step === 'plan' && userType !== 'delala') {
    return (
      <AuthLayout stepKey="plan" step={stepText(3)} title={t('signup.planTitle')}>
        <PlanStep
          userType={userType}
          preselected={renterPlan}
          busy={busy}
          notice={noticeAlert}
          canGoBack={!signedUp}
          onChoose={(sku) => void onChoosePlan(sku)}
          onSkip={() => void onSkip()}
          onBack={() => {
            setNotice(null);
            setStep('profile');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout stepKey="profile" step={stepText(2)} title={t('signup.profileTitle')} below={below}>
      <ProfileStep
        form={form}
        phone={phone}
        sender={sender}
        notice={noticeAlert}
        brokerPlan={isBroker ? brokerPlan : undefined}
        submitLabel={isBroker ? t('signup.createAccount') : t('signup.continue')}
        pending={signupCall.isPending || purchase.isPending}
        onSubmit={onProfile}
        byTelegram={byTelegram}
        onResend={() => void resend()}
        onBack={() => {
          setNotice(null);
          if (byTelegram) {
            // The phone step sends a code: the Telegram ticket is left behind.
            form.setValue('telegramTicket', undefined);
            setTelegramTicket(undefined);
          }
          setStep('phone');
        }}
      />
    </AuthLayout>
  );
}
