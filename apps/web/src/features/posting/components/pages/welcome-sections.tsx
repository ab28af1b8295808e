import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { HomeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import styles from './pages.module.css';

/** The green top of a welcome page: the brand (a link home), its title, subtitle and points. */
export function WelcomeHero({ title, subtitle, points }: { title: string; subtitle: string; points: string[] }) {
  const { t } = useTexts('common');
  return (
    <section className={styles.hero}>
      <p className={styles.brandRow}>
        <AppLink to={paths.home} className={styles.brand}>
          <HomeIcon size={22} /> {t('brand.name')}
        </AppLink>
      </p>
      <h1 className={styles.heroTitle}>{title}</h1>
      <p className={styles.heroText}>{subtitle}</p>
      <ul className={styles.heroPoints}>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

export interface WelcomeCard {
  icon: ReactNode;
  title: string;
  text: string;
}

/** A titled row of cards, each an icon, a title and a line (what a landlord or broker gets). */
export function WelcomeCards({ id, title, cards }: { id: string; title: string; cards: WelcomeCard[] }) {
  return (
    <section className={styles.sectionWide} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.title} className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              {card.icon}
            </span>
            <h3 className={styles.cardTitle}>{card.title}</h3>
            <p className={styles.cardText}>{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
