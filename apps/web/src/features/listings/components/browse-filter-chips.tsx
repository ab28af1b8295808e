import { useEffect, useRef } from 'react';
import { useTexts } from '@/lib/use-texts';
import { unreachable } from '@betoch/contracts/exhaustive';
import { formatEtb } from '@/lib/format-money';
import type { BrowseFilters } from '../lib/browse-filters';
import styles from './browse-filter-bar.module.css';

/** The filters the sheet sets, in the order the chips show them. The place search is in the bar. */
export const SHEET_FILTERS = ['source', 'type', 'subcity', 'priceMin', 'priceMax', 'confirmed', 'verified'] as const satisfies readonly (keyof BrowseFilters)[];
export type SheetFilter = (typeof SHEET_FILTERS)[number];

/** The sheet's filters that are on: the number on the 'Filters' button, one chip each. */
export function activeSheetFilters(filters: BrowseFilters): SheetFilter[] {
  return SHEET_FILTERS.filter((key) => filters[key] !== undefined);
}

export interface BrowseFilterChipsProps {
  filters: BrowseFilters;
  onRemove: (key: SheetFilter) => void;
  /** Called after the last chip is removed: the focus goes somewhere sensible (the 'Filters' button). */
  onEmptied: () => void;
}

/**
 * The active filters as chips under the bar; a tap removes that filter. The focus moves on to
 * the chip that takes the removed one's place, or back to 'Filters' after the last.
 */
export function BrowseFilterChips({ filters, onRemove, onEmptied }: BrowseFilterChipsProps) {
  const { t, i18n } = useTexts('listings');
  const list = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  const active = activeSheetFilters(filters);

  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else onEmptied();
  }, [active.length, onEmptied]);

  if (active.length === 0) return null;

  const label = (key: SheetFilter): string => {
    switch (key) {
      case 'source':
        return t(`filters.sourceOnly.${filters.source!}`);
      case 'type':
        return t(`types.${filters.type!}`);
      case 'subcity':
        return t(`subcities.${filters.subcity!}`);
      case 'priceMin':
        return t('filters.chipPriceMin', { price: formatEtb(filters.priceMin!, i18n.language) });
      case 'priceMax':
        return t('filters.chipPriceMax', { price: formatEtb(filters.priceMax!, i18n.language) });
      case 'confirmed':
        return t('filters.confirmed');
      case 'verified':
        return t('filters.verified');
      default:
        return unreachable(key, 'browse filter');
    }
  };

  return (
    <ul ref={list} className={styles.chips} aria-label={t('filters.chipsLabel')}>
      {active.map((key, index) => (
        <li key={key}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => {
              removedAt.current = index;
              onRemove(key);
            }}
          >
            <span>{label(key)}</span> <span className="visually-hidden">{t('filters.chipRemove')}</span>
            <svg className={styles.chipX} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
