import { useTranslation } from 'react-i18next';
import { Dialog, closeDialog } from '../../../components/dialog.tsx';
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
    <Dialog labelledBy="delete-comment-title" testId="delete-comment-dialog" onClose={onClose}>
      <h2 id="delete-comment-title">{t('comments.deleteTitle')}</h2>
      {hasReplies && <p>{t('comments.deleteWithReplies')}</p>}
      {remove.error && (
        <p className="form-error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-outline" onClick={closeDialog}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          data-testid="delete-comment-confirm"
          // The list is read again before the call settles, and this dialog's comment leaves it with
          // the dialog: the toast follows the promise, not this component's mutation callbacks.
          onClick={() =>
            void remove
              .mutateAsync(commentId)
              .then(() => {
                notify('success', t('comments.deleted'));
                onClose();
              })
              .catch(() => undefined)
          }
        >
          {t('comments.delete')}
        </button>
      </div>
    </Dialog>
  );
}
