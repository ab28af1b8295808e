import { useId, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { MODERATION_ACTIONS, type ModerationAction } from '@betoch/contracts/constants';
import type { TListingCaseSummary, TModerationCase, TUserCaseSummary } from '@betoch/contracts/admin';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useCaseAction } from '../../api/moderation';
import { failureAlert } from '../../lib/failure-text';
import { moderationReason, needsConfirmation, shortId } from '../../lib/moderation-reason';
import { DateTime } from '../date-time';
import { Facts } from '../facts';
import { CaseSummary } from './case-summary';
import { RevokeFayda } from '../fayda/revoke-fayda';
import styles from '../admin.module.css';

const ACTION_LOOK: Record<ModerationAction, ButtonVariant> = {
  warn: 'secondary',
  hide: 'secondary',
  suspend: 'danger',
  ban: 'danger',
  restore: 'primary',
};

/** Who warn, suspend and ban act on: the poster of a listing, the user, or the reported participant. */
function subjectOf(item: TModerationCase, fallback: string): string {
  if (!item.targetSummary) return fallback;
  if (item.target.type === 'listing') return (item.targetSummary as TListingCaseSummary).poster_phone;
  if (item.target.type === 'user') return (item.targetSummary as TUserCaseSummary).phone;
  return fallback;
}

/** The phone of a verified poster or user on the case, whose verification an admin may revoke. */
function verifiedPhoneOf(item: TModerationCase): string | undefined {
  const summary = item.targetSummary;
  if (!summary) return undefined;
  if (item.target.type === 'listing') {
    const listing = summary as TListingCaseSummary;
    return listing.poster_fayda_verified_at ? listing.poster_phone : undefined;
  }
  if (item.target.type === 'user') {
    const user = summary as TUserCaseSummary;
    return user.fayda_verified_at ? user.phone : undefined;
  }
  return undefined;
}

/** One case: what was reported, what happened so far, moderator notes and the five actions. */
export function CaseCard({ moderationCase: item, onDone }: { moderationCase: TModerationCase; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const [notes, setNotes] = useState('');
  const act = useCaseAction();
  const headingId = useId();
  const type = t(`targetTypes.${item.target.type}`);
  const verifiedPhone = verifiedPhoneOf(item);

  const run = async (action: ModerationAction) => {
    if (needsConfirmation(action)) {
      const who = subjectOf(item, t('moderation.theReported'));
      if (!window.confirm(t(`moderation.confirm.${action}`, { who }))) return;
    }
    try {
      await act.mutateAsync({ caseId: item._id, action, reason: moderationReason(notes, action) });
      setNotes('');
      onDone(t('moderation.done', { action: t(`actions.${action}`), id: shortId(item.target.id) }));
    } catch (error) {
      window.alert(failureAlert(t, 'actionFailed', error));
    }
  };

  const reasons = Object.entries(item.reports.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.reason]: (acc[r.reason] ?? 0) + 1 }), {}));

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {t('moderation.caseTitle', { type, id: shortId(item.target.id) })}
        </h2>
        <span className={`${styles.badge} ${item.status === 'open' ? styles.badgeWarn : styles.badgeMuted}`}>{t(`moderation.statusBadge.${item.status}`)}</span>
      </header>

      <Facts
        items={[
          [t('moderation.created'), <DateTime key="c" iso={item.createdAt} language={i18n.language} />],
          [
            t('moderation.reports'),
            <span key="r">
              {t('moderation.reportCount', { count: item.reportCount })}
              {reasons.length ? ` · ${reasons.map(([r, n]) => `${t(`moderation.reportReasons.${r}`)} ×${n}`).join(', ')}` : ''}
            </span>,
          ],
          [
            t('moderation.lastAction'),
            item.lastAction ? (
              <span key="l">
                <strong>{t(`pastActions.${item.lastAction}`)}</strong>
                {item.lastActionReason ? ` — ${item.lastActionReason}` : ''}
                {item.lastActionBy ? <span className={styles.muted}> ({t('moderation.actionBy', { phone: item.lastActionBy })})</span> : null}
              </span>
            ) : (
              t('moderation.noAction')
            ),
          ],
          [
            t('moderation.autoActions'),
            item.autoActions.length ? (
              <ul key="a" className={styles.plainList}>
                {item.autoActions.map((auto) => (
                  <li key={`${auto.type}-${auto.at}`}>
                    <strong>{t(`moderation.auto.${auto.type}`)}</strong> — {t(`moderation.autoReasons.${auto.reason}`)}
                  </li>
                ))}
              </ul>
            ) : (
              t('moderation.noAutoActions')
            ),
          ],
        ]}
      />

      <CaseSummary moderationCase={item} />
      {verifiedPhone ? <RevokeFayda phone={verifiedPhone} onDone={onDone} /> : null}

      <TextAreaField
        label={t('moderation.notes')}
        optionalText={t('common.optional')}
        hint={t('moderation.notesHint')}
        rows={2}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <div className={styles.actions} role="group" aria-label={t('moderation.actionsLabel')}>
        {MODERATION_ACTIONS.map((action) => (
          <Button
            key={action}
            small
            variant={ACTION_LOOK[action]}
            disabled={act.isPending}
            loading={act.isPending && act.variables?.action === action}
            onClick={() => void run(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </div>
    </article>
  );
}
