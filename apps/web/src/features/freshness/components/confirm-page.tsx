import { useParams } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { AvailabilityAnswers } from '@/components/ui/availability-answers';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ErrorLine } from '@/components/ui/error-line';
import { errorText } from '@/lib/error-text';
import { useListingTitle } from '@/lib/listing-title';
import { useSession } from '@/lib/session';
import { useAnswerConfirmLink } from '../api/answer-confirm-link';
import { useConfirmLink } from '../api/get-confirm-link';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Inline styles, not a CSS module: a stylesheet of its own would add its file name to the list
 * of every route's files that the app's first script carries (the /browse budget).
 */
const styles = {
  page: { maxWidth: 520 },
  title: { fontSize: '1.5rem', marginBottom: 12 },
  card: {
    display: 'grid',
    gap: 14,
    background: 'var(--paper)',
    border: '1px solid var(--ink-200)',
    borderRadius: 'var(--radius)',
    boxShadow: 'var(--shadow)',
    padding: 16,
  },
  intro: { margin: 0, color: 'var(--ink-700)' },
  question: { margin: 0, fontSize: '1.25rem', lineHeight: 1.35 },
  buttons: { display: 'grid', gap: 10 },
  error: { margin: 0, fontSize: '0.875rem', color: 'var(--red-700)', fontWeight: 500 },
} as const;

/** Where a poster goes to answer in the app: their listings when signed in, else sign-in first. */
function AnswerInApp() {
  const { t } = useTexts('freshness');
  const session = useSession();
  return session.isAuthenticated ? (
    <ButtonLink to={paths.myListings} variant="secondary" block>
      {t('page.myListings')}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.login} state={{ from: paths.myListings }} variant="secondary" block>
      {t('page.signIn')}
    </ButtonLink>
  );
}

/**
 * /confirm/{token}: the link in the SMS 'Is {title} still available?'. Works without
 * signing in: the token is good for one answer about one listing, for 7 days.
 */
export function ConfirmPage() {
  const { t } = useTexts(['freshness', 'common']);
  const { token = '' } = useParams();
  const link = useConfirmLink(token);
  const answer = useAnswerConfirmLink();
  const titleOf = useListingTitle();
  usePageTitle(t('page.title'));

  const gone = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404 || error.status === 400);
  let content;
  if (answer.isSuccess) {
    content = (
      <Alert tone="success">
        <p>{answer.data.visibility === 'draft' ? t('page.doneRented') : t('page.doneAvailable')}</p>
      </Alert>
    );
  } else if (link.isPending) {
    content = (
      <>
        <p className="visually-hidden" role="status">
          {t('page.loading')}
        </p>
        <Skeleton height={24} width="80%" />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </>
    );
  } else if (link.isError || gone(answer.error)) {
    const invalid = gone(link.error) || gone(answer.error);
    content = (
      <>
        <Alert tone="error" title={invalid ? t('page.invalidTitle') : t('page.failed')}>
          <p>{invalid ? t('page.invalidText') : errorText(t, link.error)}</p>
        </Alert>
        <AnswerInApp />
      </>
    );
  } else {
    const listing = link.data.listing;
    const title = titleOf(listing);
    const live = listing.visibility === 'live';
    const send = (value: 'available' | 'rented') => answer.mutate({ token, answer: value });
    content = (
      <>
        <p style={styles.intro}>{t('page.intro')}</p>
        <h2 style={styles.question}>{t('page.question', { title })}</h2>
        {live ? (
          <div style={styles.buttons}>
            <AvailabilityAnswers
              labels={{ available: t('page.yes'), rented: t('page.rented') }}
              sending={answer.variables?.answer}
              busy={answer.isPending}
              onAnswer={send}
            />
          </div>
        ) : (
          <>
            <Alert tone="warning">
              <p>{t('page.notLive')}</p>
            </Alert>
            <AnswerInApp />
          </>
        )}
        <ErrorLine style={styles.error} error={answer.isError ? answer.error : null} />
      </>
    );
  }

  return (
    <div className="page" style={styles.page}>
      <h1 style={styles.title}>{t('page.title')}</h1>
      <div style={styles.card}>{content}</div>
    </div>
  );
}
