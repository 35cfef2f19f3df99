import { isStaff, type Comment, type User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { useReplies, type Target } from '../api/comments.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentText } from './comment-text.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';

interface Props {
  target: Target;
  comment: Comment;
  creatorId: string;
  user: User | null;
  /** top-level comments can be replied to; replies cannot */
  canReply: boolean;
}

export function CommentItem({ target, comment, creatorId, user, canReply }: Props) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const mayDelete = !!user && (user.id === comment.user.id || user.id === creatorId || isStaff(user.role));
  const mayReport = !!user && user.id !== comment.user.id;

  return (
    <li className="comment" id={`comment-${comment.id}`} data-testid="comment">
      <div className="avatar avatar-small" aria-hidden="true">
        {comment.user.username.charAt(0).toUpperCase()}
      </div>
      <div className="comment-body">
        <p className="comment-head">
          <strong>{comment.user.username}</strong>
          {comment.user.id === creatorId && <span className="comment-badge">{t('comments.creator')}</span>}
          <span className="muted">
            <TimeAgo iso={comment.created_at} />
          </span>
        </p>
        <CommentText text={comment.text} />
        <div className="comment-actions">
          {canReply && user && (
            <button type="button" className="link-button" onClick={() => setReplying(true)} data-testid="reply-button">
              {t('comments.reply')}
            </button>
          )}
          {mayReport && (
            <button
              type="button"
              className="link-button"
              onClick={() => setDialog('report')}
              data-testid="report-button"
            >
              {t('comments.report')}
            </button>
          )}
          {mayDelete && (
            <button
              type="button"
              className="link-button"
              onClick={() => setDialog('delete')}
              data-testid="delete-button"
            >
              {t('comments.delete')}
            </button>
          )}
        </div>
        {replying && <CommentForm target={target} parentId={comment.id} onDone={() => setReplying(false)} />}
        {canReply && comment.reply_count > 0 && (
          <button
            type="button"
            className="link-button comment-replies-toggle"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((s) => !s)}
            data-testid="replies-toggle"
          >
            {showReplies ? t('comments.hideReplies') : t('comments.showReplies', { count: comment.reply_count })}
          </button>
        )}
        {showReplies && <Replies target={target} parent={comment} creatorId={creatorId} user={user} />}
      </div>
      {dialog === 'delete' && (
        <DeleteDialog
          target={target}
          commentId={comment.id}
          hasReplies={comment.reply_count > 0}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'report' && <ReportDialog commentId={comment.id} onClose={() => setDialog(null)} />}
    </li>
  );
}

function Replies({ target, parent, creatorId, user }: Omit<Props, 'comment' | 'canReply'> & { parent: Comment }) {
  const { t } = useTranslation();
  const replies = useReplies(target, parent.id);
  if (replies.isPending)
    return (
      <p className="muted" role="status">
        {t('comments.loading')}
      </p>
    );
  if (replies.isError)
    return (
      <p className="form-error" role="alert">
        {t('comments.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void replies.refetch()}>
          {t('errors.tryAgain')}
        </button>
      </p>
    );
  return (
    <>
      <ul className="comment-list comment-replies" data-testid="replies">
        {replies.data.pages
          .flatMap((p) => p.comments)
          .map((reply) => (
            <CommentItem
              key={reply.id}
              target={target}
              comment={reply}
              creatorId={creatorId}
              user={user}
              canReply={false}
            />
          ))}
      </ul>
      {replies.hasNextPage && (
        <button
          type="button"
          className="link-button"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          {t('comments.loadMore')}
        </button>
      )}
    </>
  );
}
