import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { useDeleteComment, type Target } from '../api/comments.ts';

/** Confirms deleting a comment (its replies go with it). */
export function DeleteDialog({
  target,
  commentId,
  hasReplies,
  onClose,
}: {
  target: Target;
  commentId: string;
  hasReplies: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteComment(target);
  return (
    <ConfirmDialog
      name="delete-comment"
      title={t('comments.deleteTitle')}
      onClose={onClose}
      confirm={() => remove.mutateAsync(commentId)}
      mutation={remove}
      doneText={t('comments.deleted')}
      confirmLabel={t('comments.delete')}
    >
      {hasReplies && <p>{t('comments.deleteWithReplies')}</p>}
    </ConfirmDialog>
  );
}
