import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { adminErrorText } from '../lib/failure-text';

/** A tab that could not load: the spec's title ('Failed to load cases'), why, and Try again. */
export function LoadFailure({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTexts(['admin', 'common']);
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button small variant="secondary" onClick={onRetry} loading={retrying}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      <p>{adminErrorText(t, error)}</p>
    </Alert>
  );
}
