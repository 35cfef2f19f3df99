import type { CommentTarget } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useCommentSettings, useComments } from '../api/comments.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import './comments.css';

/** The comments under a video or clip player: count, the box to write, the newest-first list. */
export function CommentsSection({ kind, id, count }: { kind: CommentTarget; id: string; count: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const target = { kind, id };
  const comments = useComments(target);
  const settings = useCommentSettings(target);
  const first = comments.data?.pages[0];
  const enabled = first?.comments_enabled ?? true;
  const creatorId = first?.creator_id ?? '';
  const list = comments.data?.pages.flatMap((p) => p.comments) ?? [];

  return (
    <section className="comments card" aria-labelledby="comments-title" data-testid="comments">
      <div className="comments-head">
        <h2 id="comments-title">
          {t('comments.title')}{' '}
          {enabled && (
            <span className="muted" data-testid="comment-count">
              {format.count(count)}
            </span>
          )}
        </h2>
        {user && first && user.id === creatorId && (
          <label className="comments-toggle">
            <input
              type="checkbox"
              checked={enabled}
              disabled={settings.isPending}
              onChange={(e) => settings.mutate({ comments_enabled: e.target.checked })}
              data-testid="comments-enabled-toggle"
            />
            {t('comments.allow')}
          </label>
        )}
      </div>
      {settings.error && (
        <p className="form-error" role="alert">
          {errorText(settings.error)}
        </p>
      )}
      {!enabled ? (
        <p className="muted" data-testid="comments-off">
          {t('comments.off')}
        </p>
      ) : user ? (
        <CommentForm target={target} />
      ) : (
        <p className="comments-sign-in" data-testid="comments-sign-in">
          {t('comments.signInPrompt')}{' '}
          <Link className="button button-small" to="/login">
            {t('common.signIn')}
          </Link>
        </p>
      )}
      {comments.isPending ? (
        <p className="muted" role="status" data-testid="comments-loading">
          {t('comments.loading')}
        </p>
      ) : comments.isError ? (
        <div className="form-error" role="alert" data-testid="comments-error">
          {t('comments.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void comments.refetch()}>
            {t('errors.tryAgain')}
          </button>
        </div>
      ) : enabled && list.length === 0 ? (
        <p className="muted" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      ) : (
        <ul className="comment-list" data-testid="comment-list">
          {list.map((c) => (
            <CommentItem key={c.id} target={target} comment={c} creatorId={creatorId} user={user} canReply />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          className="button button-outline"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
          data-testid="comments-load-more"
        >
          {t('comments.loadMore')}
        </button>
      )}
    </section>
  );
}
