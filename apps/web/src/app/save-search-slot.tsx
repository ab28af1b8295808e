import { lazy, Suspense } from 'react';
import { WhenHydrated } from '@/lib/when-hydrated';

const SaveSearchButton = lazy(async () => ({ default: (await import('@/features/saved-searches/components/save-search-button')).SaveSearchButton }));

/**
 * 'Save this search' on /browse, where BrowsePage puts it: a 44 px icon button at the
 * end of a phone's filter bar, or a labelled button above a wide screen's form. Not part of the
 * first screen: it loads after hydration (the page's first-load JS budget is full), in a box that
 * keeps its place so nothing moves when it appears.
 */
function SaveSearchSlot({ place }: { place: 'bar' | 'above' }) {
  const box = place === 'bar' ? { width: 44, height: 44, flex: 'none' } : { minHeight: 44, marginBottom: 12 };
  return (
    <div style={box}>
      <WhenHydrated>
        <Suspense fallback={null}>
          <SaveSearchButton compact={place === 'bar'} />
        </Suspense>
      </WhenHydrated>
    </div>
  );
}

/** The BrowseSearchAction of /browse (a stable function, as BrowsePage wants). */
export const saveSearchAction = (place: 'bar' | 'above') => <SaveSearchSlot place={place} />;
