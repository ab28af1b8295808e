import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { useLocation } from 'react-router';
import type { TOwnerListing, TPublishListingAnswer } from '@betoch/contracts/listings';
import { Button, ButtonLink } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { signup } from '@/api/signup';
import { verifyOtp } from '@/api/verify-otp';
import { usePhotoQueue } from '../../hooks/use-photo-queue';
import { usePostingFlow } from '../../hooks/use-posting-flow';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import { useWizardForm } from '../../hooks/use-wizard-form';
import {
  EMPTY_WIZARD_VALUES,
  firstStepWithError,
  STEP_FIELDS,
  stepsWithErrors,
  stripPhone,
  toCreatePayload,
  WIZARD_STEP_COUNT,
  type WizardOutput,
  type WizardStep,
} from '../../lib/wizard-schema';
import { resumePath, wizardValuesFromListing } from '../../lib/resume-draft';
import { SIGN_IN_TO_POST, welcomeStepHref } from '../../lib/welcome-links';
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
  /** The step shown first without a draft (the welcome page's `?step=`); 1 by default. */
  initialStep?: WizardStep;
}

const STEP_KEYS = ['property', 'pricing', 'photos', 'contact', 'publish'] as const;

/**
 * The 5-step posting wizard: property info, pricing, photos, contact info, review and publish.
 * One form (react-hook-form over the contract's schema, wizard-schema.ts) holds every step; Next
 * checks the step it leaves, Publish checks them all and goes back to the first with an error.
 * The welcome variant verifies the phone and signs the landlord in or up as part of publishing.
 * Without JavaScript (the welcome variant, drawn by the server) its buttons are hidden and links
 * stand in for them: each step is the page's `?step=n`, and the last one leads to sign-in that
 * comes back to posting.
 */
export function PropertyWizard({ variant, onPublished, draft = null, initialStep = 1 }: PropertyWizardProps) {
  const { t } = useTexts(['landlord', 'common']);
  const session = useSession();
  const location = useLocation();
  const signedIn = session.isAuthenticated;
  const name = session.user?.name ?? '';
  const welcome = variant === 'welcome';
  const needVerify = welcome && !signedIn;
  const [initial] = useState(() => (draft ? wizardValuesFromListing(draft, name) : { ...EMPTY_WIZARD_VALUES, name }));
  // A resumed draft that is complete opens on the review step, ready to publish; otherwise step 1
  // (a draft) or the step asked for (the welcome page's address).
  const [step, setStep] = useState<WizardStep>(() =>
    draft ? (stepsWithErrors({ ...initial, photos: draft.photos.length }, false).size === 0 ? WIZARD_STEP_COUNT : 1) : initialStep,
  );
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() =>
    draft && step === WIZARD_STEP_COUNT ? new Set([1, 2, 3, 4, 5] as WizardStep[]) : new Set([step]),
  );
  const photos = usePhotoQueue({ autoUpload: signedIn, initial: draft?.photos ?? [] });
  const fields = useWizardForm(initial, { verify: needVerify, photoCount: photos.items.length });
  const { form } = fields;
  const values = form.watch();
  const flow = usePostingFlow(draft?._id ?? null);
  // Buying credits from a failed publish comes back to this page with this draft.
  const walletState =
    variant === 'delala' ? { returnTo: resumePath(location.pathname, flow.draftId), returnAfterPurchase: true, highlightSku: 'post_credit_1' } : undefined;
  const refreshUser = useRefreshUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const busy = flow.running;
  // Whether the run in progress began with the code check (the session changes half-way through).
  const [runVerifies, setRunVerifies] = useState(false);

  // A new step: its heading takes the focus (screen readers hear where they are) and comes into view.
  // At the commit itself: a passive effect could run after a quick 'Next' on the new step had put the
  // focus on its first invalid field, and take it away again.
  useLayoutEffect(() => {
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

  const next = async () => {
    if (!(await form.trigger([...STEP_FIELDS[step]]))) return focusFirstInvalid();
    goTo(step + 1);
  };

  // The first invalid field in the page's order takes the focus: an input itself, or a chip group's first chip.
  const focusFirstInvalid = () => {
    requestAnimationFrame(() => {
      const invalid = topRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = invalid?.matches('input, select, textarea') ? invalid : invalid?.querySelector<HTMLElement>('input:not(:disabled)');
      target?.focus();
    });
  };

  // A wrong or used code is cleared so the landlord types the new one.
  useEffect(() => {
    const error = flow.failure?.error;
    if (flow.failure?.stage === 'verify' && error instanceof ApiError && (error.code === 'invalid_code' || error.code === 'code_expired')) {
      form.setValue('code', '');
      requestAnimationFrame(() => topRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus());
    }
  }, [flow.failure, form]);

  const signInWithCode = async () => {
    const { phone: typed, code: typedCode, name: typedName, email } = form.getValues();
    const phone = stripPhone(typed);
    const code = typedCode.trim();
    try {
      const answer = await verifyOtp({ phone, code });
      session.signIn(answer.token, answer.user);
    } catch (error) {
      // A new phone number: the landlord gets an account with the same code.
      if (!(error instanceof ApiError && error.code === 'user_not_found')) throw error;
      const answer = await signup({ phone, code, name: typedName.trim(), email: email.trim() || undefined, userType: 'landlord', acceptTerms: true });
      session.signIn(answer.token, answer.user);
    }
  };

  const publish = async (checked: WizardOutput) => {
    if (busy) return;
    setRunVerifies(needVerify);
    const answer = await flow.publish({
      payload: toCreatePayload(checked),
      photos,
      signIn: needVerify ? signInWithCode : undefined,
      afterPublish: refreshUser,
    });
    if (answer) onPublished(answer);
  };

  // Publishing checks every step: the first one with an error comes back, its first invalid field focused.
  const showFirstError = (errors: object) => {
    const first = firstStepWithError(Object.keys(errors));
    if (first && first !== step) goTo(first);
    else focusFirstInvalid();
  };

  const labels = STEP_KEYS.map((k) => t(`steps.${k === 'publish' && (needVerify || (busy && runVerifies)) ? 'verifyPublish' : k}`));
  // A step is done once it has been seen and has nothing left to fix.
  const stepsToFix = stepsWithErrors({ ...values, photos: photos.items.length }, needVerify);
  const done = [...visited].filter((s) => s !== step && s < WIZARD_STEP_COUNT && !stepsToFix.has(s));

  return (
    <div className={styles.wizard} ref={topRef}>
      <StepIndicator
        labels={labels}
        current={step}
        done={done}
        onSelect={welcome ? goTo : undefined}
        hrefOf={welcome ? welcomeStepHref : undefined}
        disabled={busy}
        label={t('steps.label')}
      />
      <h2 className={styles.stepTitle} ref={headingRef} tabIndex={-1}>
        <span className={styles.stepNumber}>{t('steps.stepOf', { step, total: WIZARD_STEP_COUNT })}</span>
        {labels[step - 1]}
      </h2>

      {step === 1 ? <PropertyStep fields={fields} disabled={busy} /> : null}
      {step === 2 ? <PricingStep fields={fields} disabled={busy} broker={variant === 'delala'} /> : null}
      {/* The photos stay mounted so their uploads and previews survive moving between steps. */}
      <div hidden={step !== 3}>
        <PhotoManager queue={photos} showTitle={false} requirement={t('photos.requirementWizard')} error={fields.error('photos')} disabled={busy} />
      </div>
      {step === 4 ? <ContactStep fields={fields} disabled={busy} askIdentity={needVerify} /> : null}
      {step === 5 ? (
        <div className={welcome ? 'needs-script' : undefined}>
          <ReviewSummary values={values} photoCount={photos.items.length} onEdit={goTo} disabled={busy} />
          {needVerify ? <VerifyPhone fields={fields} disabled={busy} /> : null}
        </div>
      ) : null}
      {welcome && step === 5 ? (
        <noscript>
          <p className={styles.note}>{t('welcome.noScript.finish')}</p>
        </noscript>
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

      <div className={`${styles.nav} ${welcome ? 'needs-script' : ''}`}>
        <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 1 || busy}>
          {t('wizard.previous')}
        </Button>
        {step < WIZARD_STEP_COUNT ? (
          <Button onClick={() => void next()} disabled={busy}>
            {t('wizard.next')}
          </Button>
        ) : (
          <Button variant="gold" onClick={() => void form.handleSubmit(publish, showFirstError)()} loading={busy} disabled={needVerify && !values.code.trim()}>
            {needVerify || (busy && runVerifies) ? t('wizard.verifyPublish') : t('wizard.publish')}
          </Button>
        )}
      </div>
      {welcome ? (
        <noscript>
          <div className={styles.nav}>
            {step > 1 ? (
              <ButtonLink to={welcomeStepHref(step - 1)} variant="secondary">
                {t('wizard.previous')}
              </ButtonLink>
            ) : null}
            {step < WIZARD_STEP_COUNT ? (
              <ButtonLink to={welcomeStepHref(step + 1)}>{t('wizard.next')}</ButtonLink>
            ) : (
              <ButtonLink to={SIGN_IN_TO_POST.to} state={SIGN_IN_TO_POST.state} variant="gold">
                {t('welcome.noScript.signIn')}
              </ButtonLink>
            )}
          </div>
        </noscript>
      ) : null}
    </div>
  );
}
