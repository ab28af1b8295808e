import { memo, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { useTypedBeforeStart } from '@/lib/typed-early';
import { useTexts } from '@/lib/use-texts';
import { BROWSE_QUERY_MAX_LENGTH, LISTING_SOURCES, PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { FILTER_PARAMS, parsePlace, parsePrice, priceRangeInverted, type BrowseFilters } from '../lib/browse-filters';
import styles from './browse-filters.module.css';

export interface BrowseFiltersProps {
  filters: BrowseFilters;
  onChange: (next: BrowseFilters) => void;
  onClear: () => void;
  /** Landlords see only their own listings: no source filter for them, nor 'confirmed in the last 7 days'. */
  showSource: boolean;
  /**
   * 'inline' (wide screens): the whole form, place search and Clear filters included. 'sheet'
   * (phones): the fields only; the place search stays in the bar above the results and the
   * sheet has its own Clear all (browse-filter-bar.tsx).
   */
  placement?: 'inline' | 'sheet';
  /** With a button that sends the form as it is (GET /browse): the form a phone without JavaScript uses. */
  withSubmit?: boolean;
}

/** Price typing is applied after a short pause, so each key press is not a new search. */
const PRICE_DELAY_MS = 700;

function PriceInput({
  label,
  name,
  value,
  onCommit,
  error,
}: {
  label: string;
  name: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
  error?: string;
}) {
  const { t } = useTexts('listings');
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const committed = useRef(value);
  const field = useRef<HTMLInputElement>(null);

  // The URL changed from outside (Back, Clear filters): show its value.
  useEffect(() => {
    committed.current = value;
    setText(value === undefined ? '' : String(value));
  }, [value]);
  // After the effect above, which on the first run sets the URL's value.
  useTypedBeforeStart(field, text, setText);

  const commit = (raw: string) => {
    const next = parsePrice(raw);
    if (raw.trim() !== '' && next === undefined) return;
    if (next !== committed.current) {
      committed.current = next;
      onCommit(next);
    }
  };

  useEffect(() => {
    const id = setTimeout(() => commit(text), PRICE_DELAY_MS);
    return () => clearTimeout(id);
    // commit reads only refs and props that change with the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const invalid = text.trim() !== '' && parsePrice(text) === undefined;
  return (
    <TextField
      ref={field}
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      enterKeyHint="search"
      placeholder={t('filters.pricePlaceholder')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => commit(text)}
      error={invalid ? t('filters.priceInvalid') : error}
    />
  );
}

/** Place typing is searched after a short pause too, or at once with Enter. */
const PLACE_DELAY_MS = 500;

/**
 * The place search box: ቦሌ or Bole, መገናኛ or Megenagna find the same listings. Bound to
 * `q` in the URL like the other filters.
 */
export function PlaceInput({ value, onCommit }: { value: string | undefined; onCommit: (value: string | undefined) => void }) {
  const { t } = useTexts('listings');
  const [text, setText] = useState(value ?? '');
  const committed = useRef(value);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    committed.current = value;
    setText(value ?? '');
  }, [value]);
  // After the effect above, which on the first run sets the URL's value.
  useTypedBeforeStart(field, text, setText);

  const commit = (raw: string) => {
    const next = parsePlace(raw);
    if (next !== committed.current) {
      committed.current = next;
      onCommit(next);
    }
  };

  useEffect(() => {
    const id = setTimeout(() => commit(text), PLACE_DELAY_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <TextField
      ref={field}
      label={t('filters.place')}
      type="search"
      name="q"
      autoComplete="off"
      enterKeyHint="search"
      maxLength={BROWSE_QUERY_MAX_LENGTH}
      placeholder={t('filters.placePlaceholder')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(e.currentTarget.value);
      }}
      onBlur={() => commit(text)}
    />
  );
}

/**
 * The /browse filters: every change goes to the URL query, so Back and shared links work. Drawn
 * again only when its props change, not each time the page draws more cards.
 */
export const BrowseFiltersForm = memo(function BrowseFiltersForm({
  filters,
  onChange,
  onClear,
  showSource,
  placement = 'inline',
  withSubmit = false,
}: BrowseFiltersProps) {
  const { t } = useTexts('listings');
  const headingId = useId();
  // A change merges into the filters as they are when it lands, not as they were when it began: a
  // typed price lands after a pause, and a choice made during that pause must not be lost.
  const latest = useRef(filters);
  latest.current = filters;
  const set = (patch: Partial<BrowseFilters>) => onChange({ ...latest.current, ...patch });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => e.preventDefault();
  const inverted = priceRangeInverted(filters);
  const inline = placement === 'inline';

  return (
    // A GET form of /browse with the URL's own names: without JavaScript it is the search itself.
    <form
      className={inline ? styles.filters : styles.sheet}
      action={paths.browse}
      method="get"
      onSubmit={onSubmit}
      aria-labelledby={inline ? headingId : undefined}
      role={inline ? 'search' : undefined}
    >
      {inline ? (
        <>
          <h2 id={headingId} className="visually-hidden">
            {t('filters.title')}
          </h2>
          <div className={styles.search}>
            <PlaceInput value={filters.q} onCommit={(q) => set({ q })} />
          </div>
        </>
      ) : null}
      {showSource ? (
        <>
          <div className={styles.wide}>
            <SelectField
              name={FILTER_PARAMS.source}
              label={t('filters.source')}
              value={filters.source ?? ''}
              onChange={(e) => set({ source: (e.currentTarget.value || undefined) as BrowseFilters['source'] })}
              placeholder={t('filters.sourceAll')}
              options={LISTING_SOURCES.map((s) => ({ value: s, label: t(`filters.sourceOnly.${s}`) }))}
            />
          </div>
          {/* Only listings whose poster confirmed them in the last 7 days (not for landlords' own listings). */}
          <label>
            <input
              type="checkbox"
              name={FILTER_PARAMS.confirmed}
              value="7"
              checked={!!filters.confirmed}
              onChange={(e) => set({ confirmed: e.currentTarget.checked ? '7' : undefined })}
            />
            {t('filters.confirmed')}
          </label>
          <label>
            <input
              type="checkbox"
              name={FILTER_PARAMS.verified}
              value="1"
              checked={!!filters.verified}
              onChange={(e) => set({ verified: e.currentTarget.checked ? '1' : undefined })}
            />
            {t('filters.verified')}
          </label>
        </>
      ) : null}
      <SelectField
        name={FILTER_PARAMS.type}
        label={t('filters.type')}
        value={filters.type ?? ''}
        onChange={(e) => set({ type: (e.currentTarget.value || undefined) as BrowseFilters['type'] })}
        placeholder={t('filters.typeAll')}
        options={PROPERTY_TYPES_OFFERED.map((type) => ({ value: type, label: t(`types.${type}`) }))}
      />
      <SelectField
        name={FILTER_PARAMS.subcity}
        label={t('filters.subcity')}
        value={filters.subcity ?? ''}
        onChange={(e) => set({ subcity: (e.currentTarget.value || undefined) as BrowseFilters['subcity'] })}
        placeholder={t('filters.subcityAll')}
        options={SUBCITIES.map((s) => ({ value: s, label: t(`subcities.${s}`) }))}
      />
      <PriceInput label={t('filters.priceMin')} name={FILTER_PARAMS.priceMin} value={filters.priceMin} onCommit={(priceMin) => set({ priceMin })} />
      <PriceInput
        label={t('filters.priceMax')}
        name={FILTER_PARAMS.priceMax}
        value={filters.priceMax}
        onCommit={(priceMax) => set({ priceMax })}
        error={inverted ? t('filters.priceInverted') : undefined}
      />

      {withSubmit ? (
        <div className={styles.actions}>
          <Button type="submit">{t('filters.apply')}</Button>
        </div>
      ) : inline ? (
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        </div>
      ) : null}
    </form>
  );
});
