import { useTexts } from '@/lib/use-texts';
import { errorText } from '@/lib/error-text';
import { Alert } from './alert';
import { Button } from './button';

/** What LoadFailed needs of a query: its error, whether it is asking again, and how to ask. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * In place of something that could not be loaded: what failed (`title`), why (the error in the
 * reader's language) and a button that asks again, busy while it does.
 */
export function LoadFailed({ title, query, retryLabel, small = true }: { title: string; query: RetryableQuery; retryLabel?: string; small?: boolean }) {
  const { t } = useTexts('common');
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button small={small} variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          {retryLabel ?? t('common:actions.tryAgain')}
        </Button>
      }
    >
      <p>{errorText(t, query.error)}</p>
    </Alert>
  );
}
