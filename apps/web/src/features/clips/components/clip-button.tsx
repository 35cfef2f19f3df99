import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clippable } from '../lib/clip-range.ts';

/**
 * The Clip button of a video or stream page: a link to the clip creator, or, on a source shorter
 * than the shortest clip, a disabled button that says why.
 */
export function ClipButton({ to, sourceSeconds }: { to: string; sourceSeconds: number }) {
  const { t } = useTranslation();
  if (clippable(sourceSeconds))
    return (
      <Link className="button button-secondary" to={to} data-testid="clip-button">
        ✂ {t('clips.clipButton')}
      </Link>
    );
  return (
    <span className="clip-button-off">
      <button
        type="button"
        className="button button-secondary"
        disabled
        aria-describedby="clip-too-short"
        data-testid="clip-button"
      >
        ✂ {t('clips.clipButton')}
      </button>
      <small id="clip-too-short" className="muted" data-testid="clip-too-short">
        {t('clips.creator.tooShort')}
      </small>
    </span>
  );
}
