import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useRateVideo, useVideoRating } from '../api/viewing.ts';
import './rating-stars.css';
import { errorText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const STARS = [1, 2, 3, 4, 5];

/** 1–5 stars (quality feedback): the average for everyone, your own rating once signed in. Creators cannot rate their own video. */
export function RatingStars({ videoId, isCreator }: { videoId: string; isCreator: boolean }) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const { data } = useVideoRating(videoId);
  const [hover, setHover] = useState(0);
  const rating = useRateVideo(videoId);
  const busy = rating.isPending;
  const mine = data?.mine ?? 0;

  const rate = (stars: number) => {
    if (!user) return notify('warning', t('earnings.rating.signIn'));
    rating.mutate(stars, {
      onSuccess: ({ earned }) =>
        notify(
          'success',
          earned > 0 ? t('earnings.rating.earned', { amount: format.inr(earned) }) : t('earnings.rating.thanks'),
        ),
      onError: (err) => notify('error', errorText(err)),
    });
  };

  return (
    <div className="rating" data-testid="rating">
      <span>{t('earnings.rating.label')}</span>
      <div
        className="rating-stars"
        role="radiogroup"
        aria-label={t('earnings.rating.label')}
        onMouseLeave={() => setHover(0)}
      >
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={mine === n}
            aria-label={t('earnings.rating.stars', { count: n })}
            className={`rating-star${n <= (hover || mine) ? ' lit' : ''}`}
            disabled={busy || isCreator}
            onMouseEnter={() => setHover(n)}
            onClick={() => rate(n)}
            data-testid={`rate-${n}`}
          >
            ★
          </button>
        ))}
      </div>
      <span className="muted" data-testid="rating-summary">
        {data && data.count > 0
          ? t('earnings.rating.average', { average: format.decimal(data.average, 1), count: data.count })
          : t('earnings.rating.none')}
      </span>
    </div>
  );
}
