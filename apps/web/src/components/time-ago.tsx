import { relativeTime } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** What `Date#toLocaleString(language)` writes, with one formatter per language instead of one per call. */
const LONG_FORM: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
const formats = new Map<string, Intl.DateTimeFormat>();
function longForm(language: string): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, LONG_FORM)));
  return format;
}

/**
 * 'N days ago' under a week, 'N weeks ago' under 30 days, else months, translated. The full date
 * and time is its tooltip, written when the pointer comes over it: a language's first date format
 * costs tens of milliseconds on a phone, which the first screen's cards do not wait for.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const r = relativeTime(iso);
  const text = r.unit === 'today' ? t('videos.today') : t(`videos.${r.unit}Ago`, { count: r.count });
  return (
    <time
      dateTime={iso}
      onPointerEnter={(e) => (e.currentTarget.title = longForm(i18n.language).format(new Date(iso)))}
    >
      {text}
    </time>
  );
}
