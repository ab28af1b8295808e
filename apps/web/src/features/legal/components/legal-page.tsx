import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { TERMS_VERSION } from '@betoch/contracts/constants';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './legal-page.module.css';

/** One section of a notice, as the legal namespace holds it: a heading, paragraphs, a list. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export const PRIVACY_EMAIL = 'privacy@betoch.et';

interface LegalPageProps {
  /** Names the page's sections' ids. */
  doc: 'privacy' | 'terms';
  title: string;
  intro: string;
  sections: LegalSection[];
  /** Drawn right after the sections (before the contact). */
  after?: ReactNode;
}

/** A notice of the legal namespace: title, version, sections, the contact, a link to the other notice. */
export function LegalPage({ doc, title, intro, sections, after }: LegalPageProps) {
  const { t } = useTexts('legal');
  usePageTitle(title);
  const other = doc === 'privacy' ? { to: paths.terms, label: t('links.terms') } : { to: paths.privacy, label: t('links.privacy') };

  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <h1 id="legal-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.version}>{t('version', { version: TERMS_VERSION })}</p>
      <p className={styles.intro}>{intro}</p>
      {sections.map((section, i) => (
        <section key={i} className={styles.section} aria-labelledby={`${doc}-s${i}`}>
          <h2 id={`${doc}-s${i}`} className={styles.heading}>
            {section.heading}
          </h2>
          {section.paragraphs?.map((text, j) => (
            <p key={j}>{text}</p>
          ))}
          {section.items?.length ? (
            <ul className={styles.list}>
              {section.items.map((text, j) => (
                <li key={j}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {after}
      <section className={styles.contact} aria-labelledby={`${doc}-contact`}>
        <h2 id={`${doc}-contact`} className={styles.heading}>
          {t('contact.heading')}
        </h2>
        <p>{t('contact.text')}</p>
        <p>
          {t('contact.email')}{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`} dir="ltr">
            {PRIVACY_EMAIL}
          </a>
        </p>
        <p>{t('contact.postal')}</p>
      </section>
      <p className={styles.other}>
        <AppLink to={other.to}>{other.label}</AppLink>
      </p>
    </article>
  );
}
