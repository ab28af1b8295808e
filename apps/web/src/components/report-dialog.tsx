import { useEffect, useState, type FormEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { errorText } from '@/lib/error-text';

/** The part of a report mutation the dialog shows: pending, success and failure. */
export interface ReportDialogState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The locale namespace holding this report's `report.*` texts (listings or chat). */
  namespace: 'listings' | 'chat';
  formId: string;
  defaultReason: ReportReason;
  report: ReportDialogState;
  onSubmit: (reason: ReportReason, details: string) => void;
}

/**
 * The report form shared by listings and conversations: reason and optional
 * details; idle, submitting, success (confirmation and Continue); a failure shows on the details
 * field and the form is usable again. Everything resets when the modal opens or closes.
 */
export function ReportDialog({ open, onClose, namespace, formId, defaultReason, report, onSubmit }: ReportDialogProps) {
  const { t } = useTexts([namespace, 'common']);
  const [reason, setReason] = useState<ReportReason>(defaultReason);
  const [details, setDetails] = useState('');
  const { reset } = report;

  useEffect(() => {
    setReason(defaultReason);
    setDetails('');
    reset();
  }, [open, reset, defaultReason]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (report.isPending) return;
    onSubmit(reason, details);
  };

  if (report.isSuccess) {
    return (
      <ConfirmModal open={open} onClose={onClose} title={t('report.title')} action="done">
        <Alert tone="success" title={t('report.successTitle')}>
          <p>{t('report.successText')}</p>
        </Alert>
      </ConfirmModal>
    );
  }

  return (
    <ConfirmModal
      open={open}
      onClose={onClose}
      title={t('report.title')}
      action={{ label: report.isPending ? t('report.submitting') : t('report.submit'), formId, busy: report.isPending, variant: 'danger' }}
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
    </ConfirmModal>
  );
}
