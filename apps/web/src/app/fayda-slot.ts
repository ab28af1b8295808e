import { lazy } from 'react';
import { faydaSlot } from '@/lib/fayda-slot';

/** Fills in 'Verify with Fayda' where other features offer it (lib/fayda-slot.tsx); it loads when first drawn. */
export function fillFaydaSlot(): void {
  faydaSlot.Offer = lazy(async () => ({ default: (await import('@/features/fayda/components/fayda-offer')).FaydaOffer }));
}
