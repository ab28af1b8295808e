import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

/** The action's button: a click (`onConfirm`), or the submit of the form `formId` inside. */
export interface ModalAction {
  label: string;
  busy: boolean;
  onConfirm?: () => void;
  formId?: string;
  variant?: ButtonVariant;
}

/**
 * A modal that asks before an action: Cancel, and the action's button, busy while it runs. Once
 * the action went through (`action` 'done') the same modal says so and offers Continue; it stays
 * the same dialog, so the focus still goes back to what opened it.
 */
export function ConfirmModal({
  open,
  onClose,
  title,
  action,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  action: ModalAction | 'done';
  children: ReactNode;
}) {
  const { t } = useTexts('common');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={t('common:actions.close')}
      footer={
        action === 'done' ? (
          <Button onClick={onClose}>{t('common:actions.continue')}</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type={action.formId ? 'submit' : 'button'} form={action.formId} variant={action.variant} onClick={action.onConfirm} loading={action.busy}>
              {action.label}
            </Button>
          </>
        )
      }
    >
      {children}
    </Modal>
  );
}
