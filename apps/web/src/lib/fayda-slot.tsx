import { Suspense, type ComponentType } from 'react';
import { WhenHydrated } from './when-hydrated';

export interface FaydaOfferProps {
  /** Where it is offered: /account (also shows a verification), /my-listings, or the start of posting. */
  place: 'account' | 'my-listings' | 'posting';
}

/**
 * 'Verify with Fayda' (features/fayda), drawn on other features' screens: a feature never imports
 * another, so the app fills this in at start (app/fayda-slot.ts). Lazily loaded; empty on the server.
 */
export const faydaSlot: { Offer?: ComponentType<FaydaOfferProps> } = {};

export function FaydaOffer(props: FaydaOfferProps) {
  const { Offer } = faydaSlot;
  if (!Offer) return null;
  return (
    <WhenHydrated>
      <Suspense fallback={null}>
        <Offer {...props} />
      </Suspense>
    </WhenHydrated>
  );
}
