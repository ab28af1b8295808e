import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAccount } from '../api/get-account';
import { DataExport } from './data-export';
import { DeleteAccount } from './delete-account';
import { LanguageChoice } from './language-choice';
import { PhoneChange } from './phone-change';
import { ProfileForm } from './profile-form';
import { Section } from './section';
import { SignInHistory } from './sign-in-history';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TelegramSection } from './telegram-section';
import { FaydaOffer } from '@/lib/fayda-slot';
import styles from './account.module.css';

/**
 * /account: the signed-in user's details and their rights over their data: profile, phone (with a
 * code to the new number), language, notification settings, a copy of all their data, sign-in
 * history, signing out everywhere, and deleting the account.
 */
export function AccountPage() {
  const { t } = useTexts(['account', 'common']);
  const session = useSession();
  const account = useAccount();
  const [now, setNow] = useState(() => Date.now());
  const status = account.data?.export?.status;

  useEffect(() => {
    document.title = `${t('title')} · ${t('common:brand.name')}`;
  }, [t]);
  // The 'ask again after' date is compared with a clock that moves while the page stays open.
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [status]);

  const user = session.user;
  if (!user) return null;

  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.muted}>{t('intro')}</p>
      </header>
      <div className={styles.sections}>
        <FaydaOffer place="account" />
        <Section title={t('profile.heading')}>
          <ProfileForm key={user.sub} user={user} />
        </Section>
        <Section title={t('phone.heading')}>
          <PhoneChange phone={user.phone} />
        </Section>
        <Section title={t('language.heading')}>
          <LanguageChoice />
        </Section>
        <Section title={t('notifications.heading')}>
          <p className={styles.muted}>{t('notifications.text')}</p>
          <ul className={styles.links}>
            <li>
              <AppLink to={paths.saved}>{t('notifications.savedSearches')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.notifications}>{t('notifications.inbox')}</AppLink>
            </li>
          </ul>
        </Section>
        <TelegramSection />
        <Section title={t('export.heading')}>
          {account.isPending ? (
            <Skeleton height={96} />
          ) : account.isError ? (
            <LoadFailed title={t('loadFailed')} query={account} small={false} />
          ) : (
            <DataExport state={account.data.export} now={now} />
          )}
        </Section>
        <Section title={t('signIns.heading')}>
          {account.isPending ? <Skeleton height={64} /> : account.data ? <SignInHistory signIns={account.data.sign_ins} /> : null}
        </Section>
        <Section title={t('signOutAll.heading')}>
          <SignOutEverywhere />
        </Section>
        <Section title={t('delete.heading')} tone="danger">
          <DeleteAccount phone={user.phone} />
        </Section>
      </div>
    </div>
  );
}
