import { relativeTime } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../lib/i18n/formatting.ts';

/**
 * 'N days ago' under a week, 'N weeks ago' under 30 days, else months, translated. The full date
 * and time is its tooltip, written when the pointer comes over it: a language's first date format
 * costs tens of milliseconds on a phone, which the first screen's cards do not wait for.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const format = useFormats();
  const r = relativeTime(iso);
  const text = r.unit === 'today' ? t('videos.today') : t(`videos.${r.unit}Ago`, { count: r.count });
  return (
    <time dateTime={iso} onPointerEnter={(e) => (e.currentTarget.title = format.dateTime(iso))}>
      {text}
    </time>
  );
}
