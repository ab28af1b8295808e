import type { HTMLAttributes } from 'react';
import { useTexts } from '@/lib/use-texts';
import { errorText } from '@/lib/error-text';

/** Why a call failed, in the reader's language, read out at once; nothing while there is no error. */
export function ErrorLine({ error, ...rest }: { error: unknown } & Omit<HTMLAttributes<HTMLParagraphElement>, 'children' | 'role'>) {
  const { t } = useTexts('common');
  if (error === null || error === undefined) return null;
  return (
    <p {...rest} role="alert">
      {errorText(t, error)}
    </p>
  );
}
