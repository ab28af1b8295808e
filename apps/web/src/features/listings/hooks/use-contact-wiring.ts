import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import type { TFunction } from 'i18next';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useUnlockContact } from '../api/unlock-contact';
import { useUnlockStatus } from '../api/get-unlock-status';
import { useStartConversation } from '@/api/start-conversation';
import type { ContactMessageWiring, ContactUnlockWiring } from '../components/contact-panel';
import { isInsufficientCredits } from '@/lib/insufficient-credits';
import { isContactHidden } from '../lib/contact-failure';
import type { PosterKind } from '../lib/poster-kind';
import { DRAWN_ON_SERVER } from '@/lib/drawn-on-server';

export interface ContactWiring {
  /** Absent for anonymous visitors: the panel sends them to /login or /signup itself. */
  unlock?: ContactUnlockWiring;
  message?: ContactMessageWiring;
  /** The server said contact_hidden: the panel shows 'messages only' from then on. */
  contactHidden: boolean;
}

/**
 * The contact panel's calls for a visitor who is not the poster:
 * - the unlock status is read on load (failures only logged), the phone shown in its local form;
 * - unlock: 402 -> alert, then /wallet {from: 'listing', listingId}; contact_hidden -> alert that
 *   the owner (or the broker) accepts messages only; anything else is shown in the panel;
 * - the first message: success -> /chat/{id} {messageSent: true}; want of credits -> confirm,
 *   then /wallet; anything else under the field (fallback 'Failed to send message').
 * `viewer` is the signed-in user's phone, null for an anonymous visitor.
 */
function useViewerContactWiring(listingId: string, viewer: string | null, poster: PosterKind): ContactWiring {
  const { t } = useTexts(['listings', 'common']);
  const navigate = useNavigate();
  const status = useUnlockStatus(listingId, viewer);
  const unlockCall = useUnlockContact(listingId, viewer ?? '');
  const messageCall = useStartConversation();
  const [contactHidden, setContactHidden] = useState(false);

  useEffect(() => {
    if (status.error) console.warn('Could not read the unlock status', status.error);
  }, [status.error]);

  if (viewer === null) return { contactHidden: false };

  const toWallet = () => navigate(paths.wallet, { state: { from: 'listing', listingId } });

  // The promise, not mutate()'s callbacks: those are dropped when the click comes before the
  // panel has subscribed to its mutation (a fast tap right after the page appears).
  const onUnlock = () => {
    if (unlockCall.isPending) return;
    unlockCall.mutateAsync().catch((error: unknown) => {
      if (isInsufficientCredits(error)) {
        window.alert(t('contact.noCreditsAlert'));
        void toWallet();
      } else if (isContactHidden(error)) {
        window.alert(t(`contact.messagesOnly.${poster}`));
        setContactHidden(true);
      }
    });
  };

  const onSend = (text: string) => {
    messageCall.mutateAsync({ listingId, message: text }).then(
      (answer) => void navigate(paths.conversation(answer.conversation_id), { state: { messageSent: true } }),
      (error: unknown) => {
        if (isInsufficientCredits(error) && window.confirm(t('contact.noCreditsConfirm'))) void toWallet();
      },
    );
  };

  const phone = unlockCall.data?.contact.phone ?? (status.data?.is_unlocked ? status.data.poster_phone : undefined);
  const unlockError = unlockCall.error;
  const unlock: ContactUnlockWiring = {
    status: phone ? 'unlocked' : unlockCall.isPending ? 'unlocking' : 'locked',
    phone: phone ? formatPhoneLocal(phone) : undefined,
    // Handled by an alert (and the wallet): not repeated in the panel.
    error: unlockError && !isInsufficientCredits(unlockError) && !isContactHidden(unlockError) ? errorText(t, unlockError) : undefined,
    onUnlock,
  };

  const sendError = messageCall.error;
  const message: ContactMessageWiring = {
    onSend,
    sending: messageCall.isPending,
    error: sendError && !isInsufficientCredits(sendError) ? sendFailureText(t, sendError) : undefined,
  };

  return { unlock, message, contactHidden };
}

/** The server draws for a visitor without a session (lib/drawn-on-server.ts): the panel's own links and forms, no calls. */
const noViewerWiring = (): ContactWiring => ({ contactHidden: false });

export const useContactWiring: typeof useViewerContactWiring = DRAWN_ON_SERVER ? noViewerWiring : useViewerContactWiring;

/** The failure's code in the user's language when the app knows it, else 'Failed to send message'. */
function sendFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const known = t(`common:errors.${error.code}`, { defaultValue: '' });
    if (known) return known;
  }
  return t('contact.sendFailed');
}
