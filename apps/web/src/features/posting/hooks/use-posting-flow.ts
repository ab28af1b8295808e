import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCreateListingRequest, TPublishListingAnswer } from '@betoch/contracts/listings';
import { createListing } from '../api/create-listing';
import { publishListing } from '@/api/publish-listing';
import { updateListing } from '@/api/update-listing';
import type { PublishStage } from '../lib/publish-error';
import type { PhotoQueue } from './use-photo-queue';

export type FlowStage = PublishStage | 'refresh';

export interface FlowFailure {
  stage: PublishStage;
  error: unknown;
}

export interface PublishInput {
  payload: TCreateListingRequest;
  photos: PhotoQueue;
  /** Signs the poster in first (the welcome wizard); a failure stops at stage 'verify'. */
  signIn?: () => Promise<void>;
  /** Runs after publishing (refresh the user); a failure there is only logged. */
  afterPublish?: (answer: TPublishListingAnswer) => Promise<void>;
}

/**
 * The posting flow: create the draft, upload each photo, attach the photos,
 * publish. A second press while it runs is ignored. After a failure the draft is kept, so trying
 * again continues with the same draft (updated with the form as it is now) instead of making a
 * second one. `initialDraftId` continues a draft made earlier (a resumed wizard) the same way.
 */
export function usePostingFlow(initialDraftId: string | null = null) {
  const client = useQueryClient();
  const [stage, setStage] = useState<FlowStage | null>(null);
  const [failure, setFailure] = useState<FlowFailure | null>(null);
  const busy = useRef(false);
  const draftId = useRef<string | null>(initialDraftId);
  // The same id for rendering (e.g. a link that must bring the poster back to this draft).
  const [currentDraftId, setCurrentDraftId] = useState<string | null>(initialDraftId);

  const publish = useCallback(
    async ({ payload, photos, signIn, afterPublish }: PublishInput): Promise<TPublishListingAnswer | null> => {
      if (busy.current) return null;
      busy.current = true;
      setFailure(null);
      let current: PublishStage = 'verify';
      try {
        if (signIn) {
          setStage('verify');
          await signIn();
        }
        current = 'draft';
        setStage('draft');
        if (!draftId.current) {
          draftId.current = (await createListing(payload))._id;
          setCurrentDraftId(draftId.current);
        } else await updateListing(draftId.current, payload);

        current = 'upload';
        setStage('upload');
        const stored = await photos.uploadAll();

        current = 'attach';
        setStage('attach');
        await updateListing(draftId.current, { photos: stored.map((p) => p.key) });

        current = 'publish';
        setStage('publish');
        const answer = await publishListing(draftId.current);
        draftId.current = null;
        setCurrentDraftId(null);

        setStage('refresh');
        if (afterPublish) await afterPublish(answer).catch((error: unknown) => console.warn('Could not refresh the user', error));
        // Browse, my listings and the badges all changed.
        void client.invalidateQueries();
        return answer;
      } catch (error) {
        setFailure({ stage: current, error });
        return null;
      } finally {
        busy.current = false;
        setStage(null);
      }
    },
    [client],
  );

  const clearFailure = useCallback(() => setFailure(null), []);

  return { publish, stage, running: stage !== null, failure, clearFailure, draftId: currentDraftId };
}
