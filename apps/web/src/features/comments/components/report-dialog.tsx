import { CommentLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useReportComment } from '../api/comments.ts';

/** Asks why (optional), opens a report ticket, says so in a toast. */
export function ReportDialog({ commentId, onClose }: { commentId: string; onClose(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const report = useReportComment();
  return (
    <FormDialog
      name="report-comment"
      title={t('comments.reportTitle')}
      submitLabel={t('comments.reportSubmit')}
      busy={report.isPending}
      error={report.error ? errorText(report.error) : null}
      onClose={onClose}
      onSubmit={() =>
        report.mutate(
          { id: commentId, reason: reason.trim() },
          {
            onSuccess: () => {
              notify('success', t('comments.reported'));
              onClose();
            },
          },
        )
      }
    >
      <label>
        {t('comments.reportReason')}
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={CommentLimits.reportReasonMax}
          rows={3}
          data-testid="report-reason"
        />
      </label>
    </FormDialog>
  );
}
