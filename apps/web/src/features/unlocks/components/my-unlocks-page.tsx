import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { UnlockIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMyUnlocks } from '../api/my-unlocks';
import { UnlockCard } from './unlock-card';
import styles from './my-unlocks-page.module.css';
import { usePageTitle } from '@/lib/use-page-title';
import { LoadFailed } from '@/components/ui/load-failed';

/** /my-unlocks ('My Unlocked Contacts'): the owners whose phones the user unlocked. */
export function MyUnlocksPage() {
  const { t } = useTexts(['wallet', 'common', 'refunds']);
  const unlocks = useMyUnlocks();
  const title = t('unlocks.title');
  usePageTitle(title);

  return (
    <div className={`page ${styles.page}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{t('unlocks.subtitle')}</p>
      {unlocks.isPending ? (
        <div role="status" aria-label={t('unlocks.loading')} className={styles.loading}>
          <Skeleton height={132} radius={12} />
          <Skeleton height={132} radius={12} />
        </div>
      ) : unlocks.isError ? (
        <LoadFailed title={t('unlocks.failed')} query={unlocks} retryLabel={t('unlocks.tryAgain')} />
      ) : unlocks.data.unlocks.length === 0 ? (
        <EmptyState
          icon={<UnlockIcon size={40} style={{ margin: '0 auto' }} />}
          title={t('unlocks.emptyTitle')}
          action={<ButtonLink to={paths.browse}>{t('unlocks.browse')}</ButtonLink>}
        >
          <p>{t('unlocks.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {unlocks.data.unlocks.map((record) => (
            <UnlockCard key={record._id} record={record} />
          ))}
        </ul>
      )}
    </div>
  );
}
