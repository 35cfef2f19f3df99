import {
  StreamCategories,
  StreamLimits,
  StreamScheduleSchema,
  type Stream,
  type StreamCategory,
  type StreamScheduleInput,
} from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, issueText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useRescheduleStream, useScheduleStream } from '../api/schedule.ts';
import { fromLocalInput, scheduleBounds, toLocalInput } from '../lib/schedule-time.ts';

/** The viewer's own time zone, named as their language names it (e.g. "India Standard Time"). */
function timeZoneName(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZoneName: 'long' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Schedule a stream, or change a scheduled one (`stream`): a title, a category and a start time in
 * this device's time zone, checked with the same schema as the server before it is sent.
 */
export function ScheduleForm({ stream, onDone }: { stream?: Stream; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(stream?.title ?? '');
  const [category, setCategory] = useState<StreamCategory>(
    (stream?.category as StreamCategory | undefined) ?? 'Entertainment',
  );
  const [when, setWhen] = useState(stream?.scheduled_for ? toLocalInput(new Date(stream.scheduled_for)) : '');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const schedule = useScheduleStream();
  const reschedule = useRescheduleStream(stream?.id ?? '');
  const busy = schedule.isPending || reschedule.isPending;
  const bounds = scheduleBounds(new Date());
  const labels = { title: 'live.form.streamTitle', scheduled_for: 'live.schedule.startTime' };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input: StreamScheduleInput = {
      title,
      category,
      scheduled_for: fromLocalInput(when),
      ...(stream ? { description: stream.description, tags: stream.tags } : {}),
    };
    const parsed = StreamScheduleSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ field: String(issue?.path[0] ?? ''), text: issueText(issue, 'live.schedule.failed', labels) });
    }
    setError(null);
    const mutation = stream ? reschedule : schedule;
    mutation.mutate(input, {
      onSuccess: () => {
        notify('success', t(stream ? 'live.schedule.updated' : 'live.schedule.scheduled'));
        onDone();
      },
      onError: (err) => setError({ field: '', text: errorText(err, 'live.schedule.failed') }),
    });
  };

  const invalid = (field: string) => error?.field === field;
  return (
    <form className="card form schedule-form" onSubmit={submit} noValidate data-testid="schedule-form">
      <h3>{t(stream ? 'live.schedule.editTitle' : 'live.schedule.title')}</h3>
      <label>
        {t('live.form.streamTitle')}
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={StreamLimits.titleMax}
          aria-invalid={invalid('title')}
          disabled={busy}
          data-testid="schedule-title"
        />
      </label>
      <label>
        {t('live.schedule.startTime')}
        <input
          type="datetime-local"
          value={when}
          min={bounds.min}
          max={bounds.max}
          onChange={(e) => setWhen(e.target.value)}
          aria-invalid={invalid('scheduled_for')}
          aria-describedby={`${id}-zone`}
          disabled={busy}
          data-testid="schedule-time"
        />
        <span id={`${id}-zone`} className="muted">
          {t('live.schedule.zoneHint', { zone: timeZoneName(i18n.language), days: StreamLimits.scheduleMaxDays })}
        </span>
      </label>
      <label>
        {t('live.form.category')}
        <select value={category} onChange={(e) => setCategory(e.target.value as StreamCategory)} disabled={busy}>
          {StreamCategories.map((c) => (
            <option key={c} value={c}>
              {t(`clips.category.${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="schedule-error">
          {error.text}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy} data-testid="schedule-submit">
          {t(stream ? 'common.save' : 'live.schedule.submit')}
        </button>
        <button type="button" className="button button-outline" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
