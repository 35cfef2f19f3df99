import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
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
    <FormDialog
      name="delete-comment"
      title={t('comments.deleteTitle')}
      onClose={onClose}
      // The list is read again before the call settles, and this dialog's comment leaves it with
      // the dialog: the toast follows the promise, not this component's mutation callbacks.
      onSubmit={() =>
        void remove
          .mutateAsync(commentId)
          .then(() => {
            notify('success', t('comments.deleted'));
            onClose();
          })
          .catch(() => undefined)
      }
      error={remove.error && errorText(remove.error)}
      submitLabel={t('comments.delete')}
      busy={remove.isPending}
      danger
    >
      {hasReplies && <p>{t('comments.deleteWithReplies')}</p>}
    </FormDialog>
  );
}
