import { relativeTime } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** 'N days ago' under a week, 'N weeks ago' under 30 days, else months, translated. */
export function TimeAgo({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const r = relativeTime(iso);
  const text = r.unit === 'today' ? t('videos.today') : t(`videos.${r.unit}Ago`, { count: r.count });
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {text}
    </time>
  );
}
