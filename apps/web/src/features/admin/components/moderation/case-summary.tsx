import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts, type Texts } from '@/lib/use-texts';
import type { TConversationCaseSummary, TListingCaseSummary, TModerationCase, TUserCaseSummary } from '@betoch/contracts/admin';
import { paths } from '@/config/paths';
import { formatEtb } from '@/lib/format-money';
import { formatLocalDate } from '@/components/ui/local-date';
import { Facts } from '../facts';
import { TrustScore } from './trust-score';
import styles from '../admin.module.css';

/** The reported thing as the case describes it: listing, user or conversation. */
export function CaseSummary({ moderationCase: item }: { moderationCase: TModerationCase }) {
  const { t } = useTexts('admin');
  const summary = item.targetSummary;
  return (
    <section className={styles.summary} aria-label={t('moderation.summaryTitle')}>
      {!summary ? (
        <p className={styles.muted}>{t('moderation.gone')}</p>
      ) : item.target.type === 'listing' ? (
        <ListingSummary id={item.target.id} summary={summary as TListingCaseSummary} />
      ) : item.target.type === 'user' ? (
        <UserSummary summary={summary as TUserCaseSummary} />
      ) : (
        <ConversationSummary summary={summary as TConversationCaseSummary} />
      )}
    </section>
  );
}

function yesNo(t: (key: string) => string, value: boolean) {
  return value ? <strong className={styles.flagOn}>{t('common.yes')}</strong> : t('common.no');
}

function ListingSummary({ id, summary }: { id: string; summary: TListingCaseSummary }) {
  const { t, i18n } = useTexts('admin');
  return (
    <>
      <Facts
        items={[
          [
            t('moderation.fields.title'),
            <AppLink key="t" to={paths.listing(id)}>
              {summary.title}
            </AppLink>,
          ],
          [t('moderation.fields.price'), formatEtb(summary.price_etb, i18n.language)],
          [t('moderation.fields.source'), t(`moderation.sources.${summary.source}`)],
          [t('moderation.fields.hidden'), yesNo(t, summary.admin_hidden)],
          [
            t('moderation.fields.poster'),
            `${summary.poster_phone}${summary.poster_name ? ` · ${summary.poster_name}` : ''} · ${t(`moderation.userStatus.${summary.poster_status}`)}`,
          ],
          [t('moderation.fields.fayda'), faydaSince(t, summary.poster_fayda_verified_at, i18n.language)],
        ]}
      />
      <TrustScore score={summary.trustScore} signals={summary.trustSignals} />
    </>
  );
}

/** 'Verified with Fayda since {date}', or 'Not verified' (docs/fayda.md). */
function faydaSince(t: Texts['t'], at: string | undefined, language: string): string {
  return at ? t('moderation.faydaSince', { date: formatLocalDate(at, language) }) : t('moderation.faydaNo');
}

function UserSummary({ summary }: { summary: TUserCaseSummary }) {
  const { t, i18n } = useTexts('admin');
  return (
    <Facts
      items={[
        [t('moderation.fields.phone'), summary.phone],
        [t('moderation.fields.name'), summary.name ?? t('common.none')],
        [t('moderation.fields.type'), t(`moderation.userTypes.${summary.type}`)],
        [t('moderation.fields.status'), t(`moderation.userStatus.${summary.status}`)],
        [t('moderation.fields.fayda'), faydaSince(t, summary.fayda_verified_at, i18n.language)],
      ]}
    />
  );
}

function ConversationSummary({ summary }: { summary: TConversationCaseSummary }) {
  const { t } = useTexts('admin');
  return (
    <Facts
      items={[
        [t('moderation.fields.tenantPhone'), summary.tenant_phone],
        [t('moderation.fields.ownerPhone'), summary.owner_phone],
        [t('moderation.fields.flagged'), yesNo(t, summary.flagged)],
        [t('moderation.fields.unlocked'), yesNo(t, summary.unlocked)],
        ...(summary.listing_id && summary.listing_title
          ? [
              [
                t('moderation.fields.listing'),
                <AppLink key="l" to={paths.listing(summary.listing_id)}>
                  {summary.listing_title}
                </AppLink>,
              ] as [string, ReactNode],
            ]
          : []),
      ]}
    />
  );
}
