import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

/** 'Message sent', once, after the first message to an owner brought the user here (useMessageSent). */
export function MessageSentNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation('chat');
  return shown ? (
    <Alert tone="success">
      <p>{t('inbox.messageSent')}</p>
    </Alert>
  ) : null;
}
