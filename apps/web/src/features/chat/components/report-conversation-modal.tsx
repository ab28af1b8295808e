import { DEFAULT_REPORT_REASON } from '@betoch/contracts/constants';
import { ReportDialog } from '@/components/report-dialog';
import { useReportConversation } from '../api/report-conversation';

export interface ReportConversationModalProps {
  open: boolean;
  onClose: () => void;
  conversationId: string;
}

/** Report a conversation: the shared report form, reason `harassment` by default. */
export function ReportConversationModal({ open, onClose, conversationId }: ReportConversationModalProps) {
  const report = useReportConversation();
  return (
    <ReportDialog
      open={open}
      onClose={onClose}
      namespace="chat"
      formId={`report-conversation-${conversationId}`}
      defaultReason={DEFAULT_REPORT_REASON.conversation}
      report={report}
      onSubmit={(reason, details) => report.mutate({ conversationId, reason, details })}
    />
  );
}
