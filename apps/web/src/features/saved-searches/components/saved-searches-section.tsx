import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import type { TSavedSearch } from '@betoch/contracts/saved-searches';
import { Alert } from '@/components/ui/alert';
import { LoadFailed } from '@/components/ui/load-failed';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { TelegramAlertsToggle } from './telegram-alerts-toggle';
import { useVisitSavedSearch } from '../api/visit-saved-search';
import { browseQueryOf } from '../lib/search-filters';
import styles from './saved-searches-section.module.css';

/**
 * The saved searches on /saved: each with its new homes since the last visit; opening
 * one opens /browse with its filters (and counts as a visit); alerts and the daily SMS are one tap
 * each; delete. Loading, error and empty states.
 */
export function SavedSearchesSection() {
  const { t } = useTexts(['alerts', 'common']);
  const headingId = useId();
  const searches = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const list = searches.data?.saved_searches;
  const failed = update.error ?? remove.error;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('section.title')}
        </h2>
        {list && list.length ? <span className={styles.count}>{t('section.count', { count: list.length, max: searches.data?.max ?? 10 })}</span> : null}
      </div>
      {failed ? (
        <Alert tone="error" title={t('section.changeFailed')}>
          <p>{errorText(t, failed)}</p>
        </Alert>
      ) : null}
      {searches.isPending ? (
        <div className={styles.list} aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : searches.isError ? (
        <LoadFailed title={t('section.loadFailed')} query={searches} small={false} />
      ) : !list?.length ? (
        <EmptyState
          title={t('section.empty')}
          action={
            <ButtonLink to={paths.browse} variant="secondary">
              {t('section.browse')}
            </ButtonLink>
          }
        >
          <p>{t('section.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={styles.list} data-testid="saved-searches">
          {list.map((search) => (
            <SavedSearchRow
              key={search._id}
              search={search}
              onToggle={(change) => update.mutate({ id: search._id, ...change })}
              onDelete={() => remove.mutate(search._id)}
              busy={(update.isPending && update.variables?.id === search._id) || (remove.isPending && remove.variables === search._id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface RowProps {
  search: TSavedSearch;
  onToggle: (change: { alerts?: boolean; sms?: boolean; telegram?: boolean }) => void;
  onDelete: () => void;
  busy: boolean;
}

function SavedSearchRow({ search, onToggle, onDelete, busy }: RowProps) {
  const { t } = useTexts('alerts');
  const navigate = useNavigate();
  const visit = useVisitSavedSearch();
  const to = `${paths.browse}${browseQueryOf(search.filters)}`;
  const fresh = search.new_matches;

  return (
    <li className={styles.item}>
      <a
        href={to}
        className={styles.open}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          visit.mutate(search._id);
          void navigate(to);
        }}
      >
        <span className={styles.name}>{search.name}</span>
        <span className={fresh ? styles.fresh : styles.noNew}>
          {fresh ? t('section.newMatches', { count: fresh > 99 ? 99 : fresh }) + (fresh > 99 ? '+' : '') : t('section.noNew')}
        </span>
      </a>
      <div className={styles.controls}>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={search.alerts}
            disabled={busy}
            onChange={(e) => onToggle({ alerts: e.target.checked })}
            aria-label={t('section.alertsFor', { name: search.name })}
          />
          <span aria-hidden="true">{t('section.alerts')}</span>
        </label>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={search.sms}
            disabled={busy}
            onChange={(e) => onToggle({ sms: e.target.checked })}
            aria-label={t('section.smsFor', { name: search.name })}
          />
          <span aria-hidden="true">{t('section.sms')}</span>
        </label>
        <TelegramAlertsToggle search={search} busy={busy} onToggle={onToggle} />
        <button type="button" className={styles.delete} onClick={onDelete} disabled={busy} aria-label={t('section.deleteFor', { name: search.name })}>
          {t('section.delete')}
        </button>
      </div>
    </li>
  );
}
