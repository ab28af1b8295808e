import { DEFAULT_REPORT_REASON } from '@betoch/contracts/constants';
import { ReportDialog } from '@/components/report-dialog';
import { useCreateReport } from '../api/create-report';

export interface ReportModalProps {
  open: boolean;
  onClose: () => void;
  listingId: string;
}

/** Report a listing: the shared report form, reason `fake` by default. */
export function ReportModal({ open, onClose, listingId }: ReportModalProps) {
  const report = useCreateReport();
  return (
    <ReportDialog
      open={open}
      onClose={onClose}
      namespace="listings"
      formId={`report-${listingId}`}
      defaultReason={DEFAULT_REPORT_REASON.listing}
      report={report}
      onSubmit={(reason, details) => report.mutate({ targetType: 'listing', targetId: listingId, reason, details })}
    />
  );
}
