import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { MESSAGE_MAX_LENGTH } from '@betoch/contracts/constants';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FlagIcon, LockIcon, MessageIcon, PhoneIcon, ShieldIcon, UnlockIcon } from '@/components/ui/icons';
import { NoScript } from '@/components/ui/no-script';
import { paths } from '@/config/paths';
import { useHydrating } from '@/lib/hydration';
import { useTypedBeforeStart } from '@/lib/typed-early';
import { posterKindOf } from '../lib/poster-kind';
import { signInLink } from '../lib/sign-in-link';
import { acknowledgeSafetyTips, safetyTipsAcknowledged } from '../lib/safety-tips';
import { SafetyTipsList, SafetyTipsModal } from './safety-tips-modal';
import styles from './panels.module.css';

/** The report form's code comes when someone first asks to report: few do, every visitor loads the page. */
const ReportModal = lazy(async () => ({ default: (await import('./report-modal')).ReportModal }));

/** Contact unlock (POST /listings/{id}/unlock-contact), wired by the listing page. */
export interface ContactUnlockWiring {
  status: 'locked' | 'unlocking' | 'unlocked';
  /** The poster's phone once unlocked, as people read it (0911 22 33 44): shown as a tel: link. */
  phone?: string;
  /** A failure to show under the button, already translated. */
  error?: string;
  /** Runs when the user asks to unlock, after the safety tips were acknowledged (asked once). */
  onUnlock: () => void;
}

/** The first message to the poster (POST /conversations), wired by the listing page. */
export interface ContactMessageWiring {
  /** Runs with the trimmed, non-empty message. */
  onSend: (message: string) => void;
  sending: boolean;
  /** A failure to show under the field, already translated (fallback 'Failed to send message'). */
  error?: string;
}

export interface ContactPanelProps {
  listing: { _id: string; title: string; contact_preference: 'hide' | 'show'; source: 'landlord' | 'delala' };
  /** Anonymous visitors are sent to /login (unlock, report) or /signup (message) with return state. */
  signedIn: boolean;
  /** Absent until wired: signed-in users then see that the unlock is not available yet. */
  unlock?: ContactUnlockWiring;
  /** Absent until wired: signed-in users can write, but Send says messaging is not available yet. */
  message?: ContactMessageWiring;
}

/** The visitor's side panel of /l/{id}: unlock phone, send a message, report, safety tips. */
export function ContactPanel({ listing, signedIn, unlock, message }: ContactPanelProps) {
  const { t } = useTexts('listings');
  const navigate = useNavigate();
  const signIn = signInLink(listing._id);
  const intent = signIn.state;
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeStart(field, text, setText);
  // While the app starts, Send stays pressable: a press is held and made again once it is live
  // (lib/early-taps.ts), with the text typed before, which the state then holds.
  const hydrating = useHydrating();
  const [touched, setTouched] = useState(false);
  const [safety, setSafety] = useState<'closed' | 'info' | 'beforeUnlock'>('closed');
  const [reporting, setReporting] = useState(false);
  // Once opened, the report form stays mounted, so it closes the way it opened.
  const [reportAsked, setReportAsked] = useState(false);
  const blank = text.trim() === '';
  const messageError = touched && blank ? t('contact.messageRequired') : message?.error;
  const phoneHidden = listing.contact_preference === 'hide';
  const poster = posterKindOf(listing);

  const askUnlock = () => {
    if (!unlock) return;
    if (safetyTipsAcknowledged()) unlock.onUnlock();
    else setSafety('beforeUnlock');
  };

  const acknowledged = () => {
    acknowledgeSafetyTips();
    setSafety('closed');
    unlock?.onUnlock();
  };

  const send = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTouched(true);
    const body = text.trim();
    if (!body) return;
    if (!signedIn) {
      navigate(paths.signup, { state: { ...intent, pendingMessage: body } });
      return;
    }
    if (message && !message.sending) message.onSend(body);
  };

  const report = () => {
    setReportAsked(true);
    setReporting(true);
  };

  return (
    <section className={styles.panel} aria-labelledby="contact-title">
      <h2 id="contact-title" className={styles.panelTitle}>
        {t(`contact.title.${poster}`)}
      </h2>

      <div className={styles.block}>
        {unlock?.status === 'unlocked' && unlock.phone ? (
          // A number paid for stays shown, even if the owner has since switched to messages only.
          <>
            <a className={styles.phone} href={`tel:${unlock.phone.replace(/[^\d+]/g, '')}`}>
              <PhoneIcon size={20} /> <span dir="ltr">{unlock.phone}</span>
            </a>
            <p className={styles.hint}>
              {t('contact.unlockedHint')} <AppLink to={paths.myUnlocks}>{t('contact.myUnlocksLink')}</AppLink>
            </p>
          </>
        ) : phoneHidden ? (
          <p className={styles.note}>
            <LockIcon size={18} /> {t(`contact.messagesOnly.${poster}`)}
          </p>
        ) : !signedIn ? (
          <>
            <ButtonLink to={signIn.to} state={intent} block variant="gold" data-tap="unlock">
              <UnlockIcon size={18} /> {t('contact.unlock')}
            </ButtonLink>
            <p className={styles.hint}>{t('contact.unlockAnonymous')}</p>
          </>
        ) : (
          <>
            <Button
              block
              variant="gold"
              data-tap="unlock"
              onClick={askUnlock}
              loading={unlock?.status === 'unlocking'}
              disabled={!unlock}
              aria-describedby={!unlock ? 'unlock-note' : undefined}
            >
              {unlock?.status === 'unlocking' ? (
                t('contact.unlocking')
              ) : (
                <>
                  <UnlockIcon size={18} /> {t('contact.unlock')}
                </>
              )}
            </Button>
            {unlock ? <p className={styles.hint}>{t('contact.unlockCost')}</p> : null}
            {!unlock ? (
              <p id="unlock-note" className={styles.hint}>
                {t('contact.unlockUnavailable')}
              </p>
            ) : null}
            {unlock?.error ? (
              <p className={styles.error} role="alert">
                {unlock.error}
              </p>
            ) : null}
          </>
        )}
      </div>

      {/* Without the app the browser posts the form: the server keeps the message (never in the
          address) and goes on to sign-up, and the app sends it once the account is made. */}
      <form className={styles.block} action={paths.signup} method="post" onSubmit={send} noValidate>
        <input type="hidden" name="listing" value={listing._id} />
        <TextAreaField
          ref={field}
          name="message"
          label={t(`contact.messageLabel.${poster}`)}
          value={text}
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('contact.messagePlaceholder')}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => setTouched(text.length > 0 || touched)}
          error={messageError}
          hint={!signedIn ? t('contact.messageAnonymous') : signedIn && !message ? t('contact.messageUnavailable') : t(`contact.firstFree.${poster}`)}
        />
        <Button type="submit" block disabled={!hydrating && (blank || (signedIn && !message))} loading={message?.sending}>
          <MessageIcon size={18} /> {t('contact.send')}
        </Button>
      </form>

      <div className={styles.links}>
        <Button variant="ghost" small onClick={() => setSafety('info')} className="needs-script">
          <ShieldIcon size={18} /> {t('safety.link')}
        </Button>
        {/* Without JavaScript the tips open in place (a <noscript>'s content is drawn only then). */}
        <NoScript kept="safety-tips">
          <details className={styles.plainTips}>
            <summary>
              <ShieldIcon size={18} /> {t('safety.link')}
            </summary>
            <SafetyTipsList />
          </details>
        </NoScript>
        {signedIn ? (
          <Button variant="ghost" small onClick={report} data-tap="report">
            <FlagIcon size={18} /> {t('report.open')}
          </Button>
        ) : (
          <ButtonLink to={signIn.to} state={intent} variant="ghost" small data-tap="report">
            <FlagIcon size={18} /> {t('report.open')}
          </ButtonLink>
        )}
      </div>

      <SafetyTipsModal open={safety !== 'closed'} onClose={() => setSafety('closed')} onAcknowledge={safety === 'beforeUnlock' ? acknowledged : undefined} />
      {signedIn && reportAsked ? (
        <Suspense fallback={null}>
          <ReportModal open={reporting} onClose={() => setReporting(false)} listingId={listing._id} />
        </Suspense>
      ) : null}
    </section>
  );
}
