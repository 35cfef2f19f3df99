import type { Clip } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClipSource } from '../api/clip-source.ts';
import { formatClipTime } from '../lib/clip-range.ts';

/** Where the clip comes from: the source's title, the cut's start and end, and a link to all of it. */
export function ClippedFrom({ clip }: { clip: Clip }) {
  const { t } = useTranslation();
  const [kind, id] = clip.source_video_id
    ? (['video', clip.source_video_id] as const)
    : (['stream', clip.source_stream_id!] as const);
  const { data: source } = useClipSource(kind, id);
  return (
    <section className="card clipped-from" data-testid="clipped-from">
      <h2>{t('clips.clippedFrom')}</h2>
      {source && (
        <p className="clipped-from-title" dir="auto">
          {source.title}
        </p>
      )}
      <dl className="facts">
        <dt>{t('clips.start')}</dt>
        <dd data-testid="clip-start">{formatClipTime(clip.start_time)}</dd>
        <dt>{t('clips.end')}</dt>
        <dd data-testid="clip-end">{formatClipTime(clip.end_time)}</dd>
      </dl>
      <Link
        className="button button-secondary"
        to={kind === 'video' ? `/video/${id}` : `/stream/${id}`}
        data-testid="watch-full"
      >
        {t(kind === 'video' ? 'clips.watchFullVideo' : 'clips.watchStream')}
      </Link>
    </section>
  );
}
