import { memo, useCallback, useRef, useState, type ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { SlidersIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import type { BrowseFilters } from '../lib/browse-filters';
import { BrowseFiltersForm, PlaceInput } from './browse-filters';
import { activeSheetFilters, BrowseFilterChips, type SheetFilter } from './browse-filter-chips';
import styles from './browse-filter-bar.module.css';

export interface BrowseFilterBarProps {
  filters: BrowseFilters;
  onChange: (next: BrowseFilters) => void;
  showSource: boolean;
  /** How many homes the filters find (undefined while searching), and whether more pages follow. */
  resultCount: number | undefined;
  moreResults: boolean;
  /** Another feature's control at the end of the bar (browse-page.tsx BrowseSearchAction). */
  action?: ReactNode;
}

/**
 * /browse on a phone: the results come first. Above them, a bar with the place search
 * and a 'Filters' button that names how many filters are on; under it the active filters as
 * chips. 'Filters' opens the whole form in a sheet. Every choice there applies at once, as on a
 * wide screen (the URL and the list behind follow), and the sheet's button says how many homes
 * that finds and closes it; 'Clear all' takes the sheet's filters off (the place search stays).
 *
 * The sheet is the shared modal <dialog> (page behind inert, Tab kept inside, Escape and × close
 * it, focus back on 'Filters'), laid at the foot of a phone's screen by this bar's styles. A tap
 * on 'Filters' before the app has started opens it once the app is live (lib/early-taps.ts).
 */
export const BrowseFilterBar = memo(function BrowseFilterBar({ filters, onChange, showSource, resultCount, moreResults, action }: BrowseFilterBarProps) {
  const { t } = useTexts(['listings', 'common']);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Merged into the filters as they are when the change lands (see BrowseFiltersForm).
  const latest = useRef(filters);
  latest.current = filters;

  // Closing first takes the focus off the field that has it: a price still waiting for its pause
  // is applied on blur (browse-filters.tsx), so a price typed just before closing is not lost.
  const close = useCallback(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('dialog')) active.blur();
    setOpen(false);
  }, []);
  const remove = useCallback((key: SheetFilter) => onChange({ ...latest.current, [key]: undefined }), [onChange]);
  const clearAll = useCallback(() => onChange({ q: latest.current.q }), [onChange]);
  const focusOpener = useCallback(() => opener.current?.focus(), []);
  const count = activeSheetFilters(filters).length;

  const show =
    resultCount === undefined
      ? t('filters.showResultsLoading')
      : resultCount === 0
        ? t('filters.showResultsNone')
        : moreResults
          ? t('filters.showResultsMore', { count: resultCount })
          : t('filters.showResults', { count: resultCount });

  return (
    <div className={styles.bar}>
      {/* A GET form of /browse: without JavaScript, Enter in the place search is the search. */}
      <form className={styles.row} role="search" aria-label={t('filters.barLabel')} action={paths.browse} method="get" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.place}>
          <PlaceInput value={filters.q} onCommit={(q) => onChange({ ...latest.current, q })} />
        </div>
        <button ref={opener} type="button" className={`${styles.open} needs-script`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SlidersIcon size={20} />
          <span>{t('filters.open')}</span>
          {count > 0 ? (
            <>
              {' '}
              <span className={styles.badge}>{count}</span> <span className="visually-hidden">{t('filters.activeSuffix', { count })}</span>
            </>
          ) : null}
        </button>
        {action}
      </form>
      {/* Without JavaScript 'Filters' cannot open its sheet: the whole form opens in a <details>
          instead and is sent as it is (the browser draws a <noscript>'s content only then). */}
      <noscript>
        <details className={styles.plain}>
          <summary>{t('filters.open')}</summary>
          <BrowseFiltersForm filters={filters} onChange={onChange} onClear={clearAll} showSource={showSource} withSubmit />
        </details>
      </noscript>
      <BrowseFilterChips filters={filters} onRemove={remove} onEmptied={focusOpener} />
      <Modal
        open={open}
        onClose={close}
        title={t('filters.title')}
        closeLabel={t('common:actions.close')}
        footer={
          <>
            <Button variant="secondary" className={styles.clearAll} onClick={clearAll}>
              {t('filters.clearAll')}
            </Button>
            <div className={styles.show} aria-live="polite" aria-atomic="true">
              <Button block onClick={close}>
                {show}
              </Button>
            </div>
          </>
        }
      >
        <BrowseFiltersForm filters={filters} onChange={onChange} onClear={clearAll} showSource={showSource} placement="sheet" />
      </Modal>
    </div>
  );
});
