import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { UnlockIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useMyUnlocks } from '../api/my-unlocks';
import { UnlockCard } from './unlock-card';
import styles from './my-unlocks-page.module.css';
import { usePageTitle } from '@/lib/use-page-title';

/** /my-unlocks ('My Unlocked Contacts', spec section 2): the owners whose phones the user unlocked. */
export function MyUnlocksPage() {
  const { t } = useTranslation(['wallet', 'common', 'refunds']);
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
        <Alert
          tone="error"
          title={t('unlocks.failed')}
          action={
            <Button small variant="secondary" onClick={() => void unlocks.refetch()} loading={unlocks.isFetching}>
              {t('unlocks.tryAgain')}
            </Button>
          }
        >
          <p>{errorText(t, unlocks.error)}</p>
        </Alert>
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
