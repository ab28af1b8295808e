import { useId, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TDuplicateCluster, TDuplicateMember } from '@betoch/contracts/admin';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatEtb } from '@/lib/format-money';
import { useClusterDecision } from '../../api/duplicates';
import { failureAlert } from '../../lib/failure-text';
import { shortId } from '../../lib/moderation-reason';
import { DateTime } from '../date-time';
import styles from '../admin.module.css';

type Kind = 'merge' | 'dismiss' | 'remove';

/** One cluster: its listings with the one to keep (the first by default), its signals, three decisions. */
export function ClusterCard({ cluster, onDone }: { cluster: TDuplicateCluster; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const [primary, setPrimary] = useState(cluster.memberIds[0] ?? '');
  const decide = useClusterDecision();
  const headingId = useId();
  const members = new Map(cluster.members.map((m) => [m._id, m]));

  const run = async (kind: Kind) => {
    if (kind === 'merge' && !primary) {
      window.alert(t('duplicates.selectPrimary'));
      return;
    }
    try {
      await decide.mutateAsync(kind === 'merge' ? { kind, clusterId: cluster._id, primaryListingId: primary } : { kind, clusterId: cluster._id });
      onDone(t(`duplicates.done.${kind}`));
    } catch (error) {
      window.alert(failureAlert(t, 'actionFailed', error));
    }
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {t('duplicates.clusterTitle', { id: shortId(cluster._id) })}
        </h2>
        <span className={styles.muted}>
          {t('duplicates.found')} <DateTime iso={cluster.createdAt} language={i18n.language} />
        </span>
      </header>

      <fieldset className={styles.members}>
        <legend className={styles.legend}>
          {t('duplicates.primary')} <span className={styles.muted}>· {t('duplicates.primaryHint')}</span>
        </legend>
        {cluster.memberIds.map((id) => (
          <Member
            key={id}
            id={id}
            member={members.get(id)}
            name={`primary-${cluster._id}`}
            checked={primary === id}
            onChoose={() => setPrimary(id)}
            language={i18n.language}
          />
        ))}
      </fieldset>

      <h3 className={styles.subTitle}>{t('duplicates.signals')}</h3>
      <ul className={styles.plainList}>
        {cluster.signals.matches.map((match, i) => (
          <li key={i} className={styles.signalLine}>
            <strong>
              {t('duplicates.signalLine', {
                score: match.score,
                reasons: match.reasons.map((r) => t(`duplicates.reasons.${r}`)).join(', '),
              })}
            </strong>
            {match.listingIds.length === 2 ? (
              <span className={styles.muted}> ({t('duplicates.pair', { a: shortId(match.listingIds[0]!), b: shortId(match.listingIds[1]!) })})</span>
            ) : null}
          </li>
        ))}
      </ul>

      <div className={styles.actions}>
        {(['merge', 'dismiss', 'remove'] as const).map((kind) => (
          <Button
            key={kind}
            small
            variant={kind === 'merge' ? 'primary' : kind === 'remove' ? 'danger' : 'secondary'}
            disabled={decide.isPending}
            loading={decide.isPending && decide.variables?.kind === kind}
            onClick={() => void run(kind)}
          >
            {t(`duplicates.${kind}`)}
          </Button>
        ))}
      </div>
    </article>
  );
}

function Member({
  id,
  member,
  name,
  checked,
  onChoose,
  language,
}: {
  id: string;
  member: TDuplicateMember | undefined;
  name: string;
  checked: boolean;
  onChoose: () => void;
  language: string;
}) {
  const { t } = useTexts('admin');
  const inputId = useId();
  return (
    <div className={`${styles.member} ${checked ? styles.memberChosen : ''}`}>
      <input id={inputId} type="radio" name={name} value={id} checked={checked} onChange={onChoose} className={styles.radio} />
      {member?.photo_url ? <img src={member.photo_url} alt="" width={64} height={48} className={styles.thumb} loading="lazy" /> : null}
      <div className={styles.memberText}>
        <label htmlFor={inputId} className={styles.memberLabel}>
          {t('duplicates.keep', { id: shortId(id) })}
          {member ? ` · ${member.title}` : ''}
        </label>
        {member ? (
          <p className={styles.memberMeta}>
            {formatEtb(member.price_etb, language)} · {member.subcity} · {member.poster_phone}
            {member.admin_hidden ? <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('duplicates.hidden')}</span> : null}
            {member.visibility === 'draft' ? <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('duplicates.draft')}</span> : null}
          </p>
        ) : null}
        <AppLink to={paths.listing(id)} className={styles.idLink}>
          {t('duplicates.listingId', { id })}
        </AppLink>
      </div>
    </div>
  );
}
