import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { ListingType } from '@betoch/contracts/constants';
import { AreaIcon, BathIcon, BedIcon, HomeIcon } from '@/components/ui/icons';
import { listingFacts, type ListingFact } from '../lib/listing-display';
import styles from './listing-facts.module.css';
import { unreachable } from '@betoch/contracts/exhaustive';

export interface FactsListing {
  type: ListingType;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sqm: number | null;
}

/** Type, bedrooms (0 = studio), bathrooms and area, each with its icon; missing facts are left out. */
export function ListingFacts({ listing, large = false }: { listing: FactsListing; large?: boolean }) {
  const { t } = useTexts('listings');
  const size = large ? 22 : 16;
  const show = (fact: ListingFact): { icon: ReactNode; text: string } => {
    switch (fact.kind) {
      case 'type':
        return { icon: <HomeIcon size={size} />, text: t(`types.${fact.type}`) };
      case 'studio':
        return { icon: <BedIcon size={size} />, text: t('facts.studio') };
      case 'bedrooms':
        return { icon: <BedIcon size={size} />, text: t('facts.bedrooms', { count: fact.count }) };
      case 'bathrooms':
        return { icon: <BathIcon size={size} />, text: t('facts.bathrooms', { count: fact.count }) };
      case 'area':
        return { icon: <AreaIcon size={size} />, text: t('facts.area', { area: fact.sqm }) };
      default:
        return unreachable(fact, 'listing fact');
    }
  };
  return (
    <ul className={`${styles.facts} ${large ? styles.large : ''}`}>
      {listingFacts(listing).map((fact) => {
        const { icon, text } = show(fact);
        return (
          <li key={fact.kind}>
            {icon}
            <span>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
