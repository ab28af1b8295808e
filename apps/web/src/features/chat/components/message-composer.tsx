import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import { MESSAGE_MAX_LENGTH } from '@betoch/contracts/constants';
import { Button } from '@/components/ui/button';
import { useSendReply } from '../api/send-reply';
import { failureText } from '../lib/failure-text';
import styles from './thread-page.module.css';

/** Enter sends on a computer; on a phone it starts a new line (Send is the button). */
function enterSends(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
}

/**
 * The message box of a thread: 'Type your message...' and Send, disabled
 * while sending or while the text is blank; a blank submit says 'Please enter a message'; a
 * failure shows under the field and keeps the text.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTexts(['chat', 'common']);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendReply(conversationId);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const blank = !text.trim();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    if (blank) {
      setError(t('composer.required'));
      return;
    }
    setError(null);
    send.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (failure) => setError(failureText(t, failure, t('composer.failed'))),
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    if (e.ctrlKey || e.metaKey || enterSends()) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('composer.label')}
      </label>
      <div className={styles.composerRow}>
        <textarea
          id={fieldId}
          className={`${styles.input} ${error ? styles.inputInvalid : ''}`}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('composer.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" className={styles.send} disabled={blank} loading={send.isPending}>
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
