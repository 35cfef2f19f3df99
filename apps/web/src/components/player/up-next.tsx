import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UpNextVideo {
  title: string;
  play: () => void;
}

const COUNTDOWN_SECONDS = 8;

/** Shown when the video ends: the next one, started after a countdown that can be cancelled when autoplay is on. */
export function UpNext({ next, autoplay, onCancel }: { next: UpNextVideo; autoplay: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);

  useEffect(() => {
    if (!autoplay) return;
    if (left <= 0) {
      next.play();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [autoplay, left, next]);

  return (
    <section className="up-next" aria-labelledby="up-next-heading" data-testid="up-next">
      <h2 id="up-next-heading" className="up-next-heading">
        {t('player.upNext')}
      </h2>
      <p className="up-next-title">{next.title}</p>
      {autoplay && (
        <p className="up-next-countdown" data-testid="up-next-countdown">
          {t('player.nextIn', { seconds: left })}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={next.play} data-testid="up-next-play">
          {t('player.playNow')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} data-testid="up-next-cancel">
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
