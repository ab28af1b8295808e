import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TOwnerListing, TPublishListingAnswer } from '@betoch/contracts/listings';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { signup } from '@/api/signup';
import { verifyOtp } from '@/api/verify-otp';
import { usePhotoQueue } from '../../hooks/use-photo-queue';
import { usePostingFlow } from '../../hooks/use-posting-flow';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import {
  EMPTY_WIZARD_FORM,
  errorsOfStep,
  firstStepWithError,
  stripPhone,
  toCreatePayload,
  validateListingFields,
  validateVerification,
  WIZARD_STEP_COUNT,
  type WizardErrorKey,
  type WizardErrors,
  type WizardField,
  type WizardForm,
  type WizardStep,
} from '../../lib/wizard-form';
import { resumePath, wizardFormFromListing } from '../../lib/resume-draft';
import { PhotoManager } from '../photo-manager';
import { PublishStatus } from '../publish-status';
import { StepIndicator } from '../step-indicator';
import { ContactStep } from './contact-step';
import { PricingStep } from './pricing-step';
import { PropertyStep } from './property-step';
import { ReviewSummary } from './review-step';
import { VerifyPhone } from './verify-phone';
import styles from './wizard.module.css';

export type WizardVariant = 'welcome' | 'landlord' | 'delala';

export interface PropertyWizardProps {
  /** welcome: signed out allowed, phone verification on step 5, clickable step dots. */
  variant: WizardVariant;
  onPublished: (answer: TPublishListingAnswer) => void;
  /** An unfinished draft to continue (form, photos and id), opened on the review step when complete. */
  draft?: TOwnerListing | null;
}

const STEP_KEYS = ['property', 'pricing', 'photos', 'contact', 'publish'] as const;

/**
 * The 5-step posting wizard (spec section 2): property info, pricing, photos, contact info,
 * review and publish. Validation texts are the spec's (section 5). The welcome variant verifies
 * the phone and signs the landlord in or up as part of publishing.
 */
export function PropertyWizard({ variant, onPublished, draft = null }: PropertyWizardProps) {
  const { t } = useTranslation(['landlord', 'common']);
  const session = useSession();
  const location = useLocation();
  const signedIn = session.isAuthenticated;
  const name = session.user?.name ?? '';
  const [form, setForm] = useState<WizardForm>(() => (draft ? wizardFormFromListing(draft, name) : { ...EMPTY_WIZARD_FORM, name }));
  // A resumed draft that is complete opens on the review step, ready to publish; otherwise step 1.
  const [step, setStep] = useState<WizardStep>(() =>
    draft && draft.photos.length > 0 && Object.keys(validateListingFields(wizardFormFromListing(draft, name))).length === 0
      ? WIZARD_STEP_COUNT
      : 1,
  );
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() =>
    step === WIZARD_STEP_COUNT ? new Set([1, 2, 3, 4, 5] as WizardStep[]) : new Set([1]),
  );
  const [errors, setErrors] = useState<WizardErrors>({});
  const photos = usePhotoQueue({ autoUpload: signedIn, initial: draft?.photos ?? [] });
  const flow = usePostingFlow(draft?._id ?? null);
  // Buying credits from a failed publish comes back to this page with this draft.
  const walletState =
    variant === 'delala' ? { returnTo: resumePath(location.pathname, flow.draftId), returnAfterPurchase: true, highlightSku: 'post_credit_1' } : undefined;
  const refreshUser = useRefreshUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const needVerify = variant === 'welcome' && !signedIn;
  const busy = flow.running;
  // Whether the run in progress began with the code check (the session changes half-way through).
  const [runVerifies, setRunVerifies] = useState(false);

  const onChange = useCallback(<K extends WizardField>(field: K, value: WizardForm[K]) => {
    setForm((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const { [field]: _gone, ...rest } = prev;
      return rest;
    });
  }, []);

  const errorText = useCallback((key: WizardErrorKey | undefined) => (key ? t(`validation.${key}`) : undefined), [t]);

  const allErrors = useCallback(
    (f: WizardForm): WizardErrors => {
      const out: WizardErrors = { ...validateListingFields(f) };
      if (photos.items.length === 0) out.photos = 'photosRequired';
      if (needVerify) Object.assign(out, validateVerification(f, { needCode: true }));
      return out;
    },
    [photos.items.length, needVerify],
  );

  // A new step: its heading takes the focus (screen readers hear where they are) and comes into view.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    const target = Math.min(WIZARD_STEP_COUNT, Math.max(1, next)) as WizardStep;
    setVisited((prev) => new Set(prev).add(step).add(target));
    setStep(target);
  };

  const next = () => {
    const stepErrors = errorsOfStep(allErrors(form), step);
    if (Object.keys(stepErrors).length) {
      setErrors((prev) => ({ ...prev, ...stepErrors }));
      focusFirstInvalid();
      return;
    }
    goTo(step + 1);
  };

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => topRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]')?.focus());
  };

  // A wrong or used code is cleared so the landlord types the new one (spec section 8).
  useEffect(() => {
    const error = flow.failure?.error;
    if (flow.failure?.stage === 'verify' && error instanceof ApiError && (error.code === 'invalid_code' || error.code === 'code_expired')) {
      setForm((prev) => ({ ...prev, code: '' }));
      requestAnimationFrame(() => topRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus());
    }
  }, [flow.failure]);

  const signInWithCode = async () => {
    const phone = stripPhone(form.phone);
    const code = form.code.trim();
    try {
      const answer = await verifyOtp({ phone, code });
      session.signIn(answer.token, answer.user);
    } catch (error) {
      // A new phone number: the landlord gets an account with the same code.
      if (!(error instanceof ApiError && error.code === 'user_not_found')) throw error;
      const answer = await signup({ phone, code, name: form.name.trim(), email: form.email.trim() || undefined, userType: 'landlord', acceptTerms: true });
      session.signIn(answer.token, answer.user);
    }
  };

  const publish = async () => {
    if (busy) return;
    const found = allErrors(form);
    if (Object.keys(found).length) {
      setErrors(found);
      const first = firstStepWithError(found);
      if (first && first !== step) goTo(first);
      else focusFirstInvalid();
      return;
    }
    setRunVerifies(needVerify);
    const answer = await flow.publish({
      payload: toCreatePayload(form),
      photos,
      signIn: needVerify ? signInWithCode : undefined,
      afterPublish: refreshUser,
    });
    if (answer) onPublished(answer);
  };

  const labels = STEP_KEYS.map((k) => t(`steps.${k === 'publish' && (needVerify || (busy && runVerifies)) ? 'verifyPublish' : k}`));
  // A step is done once it has been seen and has nothing left to fix.
  const currentErrors = allErrors(form);
  const done = [...visited].filter((s) => s !== step && s < WIZARD_STEP_COUNT && Object.keys(errorsOfStep(currentErrors, s)).length === 0);
  const fieldProps = { form, errors, onChange, errorText, disabled: busy };

  return (
    <div className={styles.wizard} ref={topRef}>
      <StepIndicator
        labels={labels}
        current={step}
        done={done}
        onSelect={variant === 'welcome' ? goTo : undefined}
        disabled={busy}
        label={t('steps.label')}
      />
      <h2 className={styles.stepTitle} ref={headingRef} tabIndex={-1}>
        <span className={styles.stepNumber}>{t('steps.stepOf', { step, total: WIZARD_STEP_COUNT })}</span>
        {labels[step - 1]}
      </h2>

      {step === 1 ? <PropertyStep {...fieldProps} /> : null}
      {step === 2 ? <PricingStep {...fieldProps} broker={variant === 'delala'} /> : null}
      {/* The photos stay mounted so their uploads and previews survive moving between steps. */}
      <div hidden={step !== 3}>
        <PhotoManager
          queue={photos}
          showTitle={false}
          requirement={t('photos.requirementWizard')}
          error={errorText(errors.photos)}
          disabled={busy}
        />
      </div>
      {step === 4 ? <ContactStep {...fieldProps} askIdentity={needVerify} /> : null}
      {step === 5 ? (
        <>
          <ReviewSummary form={form} photoCount={photos.items.length} onEdit={goTo} disabled={busy} />
          {needVerify ? (
            <VerifyPhone {...fieldProps} onError={(field, key) => setErrors((prev) => ({ ...prev, [field]: key }))} />
          ) : null}
        </>
      ) : null}

      <PublishStatus
        stage={flow.stage}
        failure={flow.failure}
        photos={photos}
        withVerify={busy ? runVerifies : needVerify}
        walletState={walletState}
        action={
          flow.failure?.stage === 'upload' && step !== 3 ? (
            <Button variant="secondary" small onClick={() => goTo(3)}>
              {t('flow.seePhotos')}
            </Button>
          ) : undefined
        }
      />

      <div className={styles.nav}>
        <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 1 || busy}>
          {t('wizard.previous')}
        </Button>
        {step < WIZARD_STEP_COUNT ? (
          <Button onClick={next} disabled={busy}>
            {t('wizard.next')}
          </Button>
        ) : (
          <Button variant="gold" onClick={() => void publish()} loading={busy} disabled={needVerify && !form.code.trim()}>
            {needVerify || (busy && runVerifies) ? t('wizard.verifyPublish') : t('wizard.publish')}
          </Button>
        )}
      </div>
    </div>
  );
}
