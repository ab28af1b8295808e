import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '@betoch/contracts/constants';
import { DEFAULT_REPORT_REASON, REPORT_DETAILS_MAX } from '@betoch/contracts/reports';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/error-text';
import { useReportConversation } from '../api/report-conversation';

export interface ReportConversationModalProps {
  open: boolean;
  onClose: () => void;
  conversationId: string;
}

const DEFAULT_REASON: ReportReason = DEFAULT_REPORT_REASON.conversation;

/**
 * Report a conversation (spec sections 2, 4 and 5): reason (default harassment) and optional
 * details; idle, submitting, success (confirmation and Continue); a failure shows on the details
 * field and the form is usable again. Everything resets when the modal opens or closes.
 */
export function ReportConversationModal({ open, onClose, conversationId }: ReportConversationModalProps) {
  const { t } = useTranslation(['chat', 'common']);
  const [reason, setReason] = useState<ReportReason>(DEFAULT_REASON);
  const [details, setDetails] = useState('');
  const report = useReportConversation();
  const { reset } = report;

  useEffect(() => {
    setReason(DEFAULT_REASON);
    setDetails('');
    reset();
  }, [open, reset]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (report.isPending) return;
    report.mutate({ conversationId, reason, details });
  };

  if (report.isSuccess) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={t('report.title')}
        closeLabel={t('common:actions.close')}
        footer={<Button onClick={onClose}>{t('report.continue')}</Button>}
      >
        <Alert tone="success" title={t('report.successTitle')}>
          <p>{t('report.successText')}</p>
        </Alert>
      </Modal>
    );
  }

  const formId = `report-conversation-${conversationId}`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('report.title')}
      closeLabel={t('common:actions.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={report.isPending}>
            {report.isPending ? t('report.submitting') : t('report.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p>{t('report.intro')}</p>
        <SelectField
          label={t('report.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as ReportReason)}
          options={REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reasons.${r}`) }))}
          required
        />
        <TextAreaField
          label={t('report.details')}
          optionalText={t('report.optional')}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          rows={4}
          onChange={(e) => setDetails(e.currentTarget.value)}
          placeholder={t('report.detailsPlaceholder')}
          error={report.isError ? errorText(t, report.error) : undefined}
        />
      </form>
    </Modal>
  );
}
