import { CommentLimits } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { usePostComment, type Target } from '../api/comments.ts';

/** The box to write a comment, or a reply to `parentId`. */
export function CommentForm({
  target,
  parentId,
  onDone,
}: {
  target: Target;
  parentId?: string;
  /** after a reply is posted or cancelled */
  onDone?(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const post = usePostComment(target);
  const id = useId();
  const trimmed = text.trim();
  const submit = () => {
    if (!trimmed) return;
    post.mutate(
      { text: trimmed, parent_id: parentId },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
      },
    );
  };
  const label = t(parentId ? 'comments.replyPlaceholder' : 'comments.placeholder');
  return (
    <form
      className="comment-form"
      data-testid={parentId ? 'reply-form' : 'comment-form'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        placeholder={label}
        rows={parentId ? 2 : 3}
        maxLength={CommentLimits.textMax}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
        autoFocus={!!parentId}
        disabled={post.isPending}
        data-testid="comment-input"
      />
      {post.error && (
        <p className="form-error" role="alert" data-testid="comment-error">
          {errorText(post.error)}
        </p>
      )}
      <div className="comment-form-actions">
        <span className="muted comment-form-count" aria-hidden="true">
          {text.length}/{CommentLimits.textMax}
        </span>
        {onDone && (
          <button type="button" className="button button-outline button-small" onClick={onDone}>
            {t('common.cancel')}
          </button>
        )}
        <button
          type="submit"
          className="button button-small"
          disabled={!trimmed || post.isPending}
          data-testid="comment-submit"
        >
          {t(parentId ? 'comments.reply' : 'comments.post')}
        </button>
      </div>
    </form>
  );
}
