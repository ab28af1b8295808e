import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/error-text';
import { useCreateReport } from '../api/create-report';

export interface ReportModalProps {
  open: boolean;
  onClose: () => void;
  listingId: string;
}

const DEFAULT_REASON: ReportReason = 'fake';
const DETAILS_MAX = 1000;

/**
 * Report a listing (spec sections 4 and 5): reason (default fake) and optional details; idle,
 * submitting, success (confirmation and Continue); a failure shows on the details field and the
 * form is usable again. Everything resets when the modal opens or closes.
 */
export function ReportModal({ open, onClose, listingId }: ReportModalProps) {
  const { t } = useTranslation(['listings', 'common']);
  const [reason, setReason] = useState<ReportReason>(DEFAULT_REASON);
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const { reset } = report;

  useEffect(() => {
    setReason(DEFAULT_REASON);
    setDetails('');
    reset();
  }, [open, reset]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (report.isPending) return;
    report.mutate({ targetType: 'listing', targetId: listingId, reason, details });
  };

  if (report.isSuccess) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={t('report.title')}
        closeLabel={t('common:actions.close')}
        footer={<Button onClick={onClose}>{t('common:actions.continue')}</Button>}
      >
        <Alert tone="success" title={t('report.successTitle')}>
          <p>{t('report.successText')}</p>
        </Alert>
      </Modal>
    );
  }

  const formId = `report-${listingId}`;
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
          maxLength={DETAILS_MAX}
          onChange={(e) => setDetails(e.currentTarget.value)}
          placeholder={t('report.detailsPlaceholder')}
          error={report.isError ? errorText(t, report.error) : undefined}
        />
      </form>
    </Modal>
  );
}
