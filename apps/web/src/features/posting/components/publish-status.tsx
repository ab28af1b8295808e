import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { PhotoQueue } from '../hooks/use-photo-queue';
import type { FlowFailure, FlowStage } from '../hooks/use-posting-flow';
import { publishFailureText } from '../lib/publish-error';
import styles from './publish-status.module.css';

const ORDER: FlowStage[] = ['verify', 'draft', 'upload', 'attach', 'publish', 'refresh'];

/**
 * What the posting flow is doing (announced politely to screen readers), with the photos'
 * combined progress while they go up; after a failure, the text for where it stopped.
 */
export function PublishStatus({
  stage,
  failure,
  photos,
  withVerify,
  action,
  walletState,
}: {
  stage: FlowStage | null;
  failure: FlowFailure | null;
  photos: PhotoQueue;
  withVerify: boolean;
  /** Shown beside the failure, e.g. a button to the photos step. */
  action?: ReactNode;
  /** Navigation state for the 'Buy post credits' link, e.g. the path to come back to after buying. */
  walletState?: unknown;
}) {
  const { t } = useTexts(['landlord', 'common']);
  const stages = ORDER.filter((s) => s !== 'refresh' && (withVerify || s !== 'verify'));
  const total = photos.items.length;
  const uploaded = photos.uploadedCount;
  const fraction = total ? photos.items.reduce((sum, i) => sum + (i.status === 'uploaded' ? 1 : i.progress), 0) / total : 1;
  const percent = Math.round(fraction * 100);

  return (
    <>
      <div role="status" aria-live="polite" className={stage ? styles.panel : 'visually-hidden'}>
        {stage ? (
          <>
            <p className={styles.current}>
              <Spinner size={18} decorative />
              {stage === 'upload' ? t('flow.uploadCount', { uploaded, total }) : t(`flow.${stage}`)}
            </p>
            <ol className={styles.stages}>
              {stages.map((s) => {
                const index = ORDER.indexOf(s);
                const now = ORDER.indexOf(stage);
                const state = index < now ? 'done' : index === now ? 'now' : 'later';
                return (
                  <li key={s} className={styles[state]}>
                    <span aria-hidden="true">{state === 'done' ? '✓' : state === 'now' ? '›' : '·'}</span> {t(`flow.label.${s}`)}
                  </li>
                );
              })}
            </ol>
            {stage === 'upload' ? (
              <div className={styles.bar} role="progressbar" aria-label={t('flow.photoProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      {failure && !stage ? <FailureAlert failure={failure} action={action} walletState={walletState} /> : null}
    </>
  );
}

function FailureAlert({ failure, action, walletState }: { failure: FlowFailure; action?: ReactNode; walletState?: unknown }) {
  const { t } = useTexts(['landlord', 'common']);
  const text = publishFailureText(t, failure.stage, failure.error);
  return (
    <Alert
      tone="error"
      title={text.text}
      action={
        text.walletLink ? (
          <ButtonLink to={paths.wallet} state={walletState} variant="gold" small>
            {t('errors.buyCredits')}
          </ButtonLink>
        ) : (
          action
        )
      }
    >
      {text.detail ? <p>{text.detail}</p> : null}
    </Alert>
  );
}
