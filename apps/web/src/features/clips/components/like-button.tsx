import { type Clip } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useClipLike } from '../hooks/use-clip-like.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Like with its count; pressed (and locked) once liked. */
export function ClipLikeButton({ clip, compact = false }: { clip: Clip; compact?: boolean }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { liked, likes, like } = useClipLike(clip);
  return (
    <button
      type="button"
      className={`button ${liked ? 'button-liked' : 'button-secondary'}${compact ? ' button-small' : ''}`}
      onClick={() => void like()}
      aria-pressed={liked}
      title={t(liked ? 'clips.liked' : 'clips.like')}
      data-testid="clip-like"
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      <span className="sr-only">{t(liked ? 'clips.liked' : 'clips.like')}</span>
      <span data-testid="clip-like-count">{format.count(likes)}</span>
    </button>
  );
}
