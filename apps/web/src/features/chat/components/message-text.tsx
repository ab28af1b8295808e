import { Fragment } from 'react';
import { useTexts } from '@/lib/use-texts';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import styles from './thread-page.module.css';

/**
 * A message's words, each contact-masking marker of the server shown as the reader's own
 * '[contact hidden - unlock the contact to see it]', set apart so it is not read as the writer's.
 */
export function MessageText({ text }: { text: string }) {
  const { t } = useTexts('chat');
  const parts = text.split(CONTACT_MASK);
  return (
    <p className={styles.text}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <span className={styles.hiddenContact}>{t('contact_hidden')}</span> : null}
          {part}
        </Fragment>
      ))}
    </p>
  );
}
