import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';

/** 'Message sent', once, after the first message to an owner brought the user here (useMessageSent). */
export function MessageSentNote({ shown }: { shown: boolean }) {
  const { t } = useTexts('chat');
  return shown ? (
    <Alert tone="success">
      <p>{t('inbox.messageSent')}</p>
    </Alert>
  ) : null;
}
