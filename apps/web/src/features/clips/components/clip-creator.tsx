import { CLIP_BEYOND_SOURCE, ClipDurations, ClipLimits, type ClipDuration } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notifications.ts';
import type { ClipSourceInfo } from '../api/clip-source.ts';
import { useCreateClip } from '../api/clips.ts';
import { clampStart, clippable, defaultDuration, fits, initialStart, maxStart } from '../lib/clip-range.ts';
import { RangePreview } from './range-preview.tsx';
import { RangeTimeline } from './range-timeline.tsx';
import { TagInput } from '../../../components/tag-input.tsx';
import { errorText } from '../../../lib/error-text.ts';

export function ClipCreator({ source }: { source: ClipSourceInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [duration, setDuration] = useState<ClipDuration>(() => defaultDuration(source.duration, source.live));
  const [start, setStart] = useState(() =>
    initialStart(defaultDuration(source.duration, source.live), source.duration, source.live),
  );
  const [startText, setStartText] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const create = useCreateClip();
  const busy = create.isPending;
  const anyFits = clippable(source.duration);
  const latest = maxStart(duration, source.duration);

  const chooseDuration = (d: ClipDuration) => {
    setDuration(d);
    setStart((s) => clampStart(s, d, source.duration)); // a longer clip may push the start back
    setStartText(null);
  };

  const typeStart = (e: React.ChangeEvent<HTMLInputElement>) => {
    setStartText(e.target.value);
    const typed = e.target.valueAsNumber;
    if (!Number.isFinite(typed)) return; // half-typed ("", "-"): wait for more
    const clamped = clampStart(typed, duration, source.duration);
    setStart(clamped);
    if (clamped !== typed) setStartText(null); // out of range or finer than 0.1 s: show the kept value
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim() || busy) return;
    if (start + duration > source.duration + 1e-6) return notify('error', t('clips.creator.beyondSource'));
    const input = {
      title: title.trim(),
      description: description.trim(),
      start_time: start,
      duration,
      tags,
      ...(source.kind === 'video' ? { source_video_id: source.id } : { source_stream_id: source.id }),
    };
    create.mutate(input, {
      onSuccess: ({ clip_id }) => {
        notify('success', t('clips.creator.created'));
        void navigate(`/clips/${clip_id}`);
      },
      onError: (err) => {
        const beyond = err instanceof ApiError && err.message === CLIP_BEYOND_SOURCE;
        notify('error', beyond ? t('clips.creator.beyondSource') : errorText(err, 'clips.creator.failed'));
      },
    });
  };

  const titleMissing = !title.trim();
  return (
    <form className="clip-creator" onSubmit={submit} noValidate>
      <div className="clip-creator-media">
        <RangePreview source={source} start={start} duration={duration} />
        {anyFits ? (
          <>
            <RangeTimeline
              sourceDuration={source.duration}
              clipDuration={duration}
              start={start}
              onChange={(s) => {
                setStart(s);
                setStartText(null);
              }}
            />
            <p className="muted">{t('clips.creator.timelineHelp')}</p>
          </>
        ) : (
          <p className="notice" role="alert" data-testid="too-short">
            {t('clips.creator.tooShort')}
          </p>
        )}
        <div className="form clip-range-fields">
          <label>
            {t('clips.creator.startTime')}
            <input
              type="number"
              min={0}
              max={latest}
              step={ClipLimits.startStep}
              value={startText ?? String(start)}
              onChange={typeStart}
              onBlur={() => setStartText(null)}
              disabled={!anyFits || busy}
              data-testid="start-input"
            />
          </label>
          <fieldset className="duration-choice">
            <legend>{t('clips.creator.duration')}</legend>
            <div className="chips chips-inline" role="radiogroup" aria-label={t('clips.creator.duration')}>
              {ClipDurations.map((d) => (
                <button
                  key={d}
                  type="button"
                  role="radio"
                  aria-checked={duration === d}
                  className={`chip${duration === d ? ' chip-active' : ''}`}
                  onClick={() => chooseDuration(d)}
                  disabled={!fits(d, source.duration) || busy}
                  data-testid={`clip-duration-${d}`}
                >
                  {t('clips.seconds', { count: d })}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
      </div>

      <div className="clip-creator-details card form">
        <label>
          {t('clips.creator.titleLabel')}
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => setTitleTouched(true)}
            maxLength={ClipLimits.titleMax}
            required
            aria-invalid={titleTouched && titleMissing}
            aria-describedby="clip-title-hint"
            disabled={busy}
            data-testid="clip-title-input"
          />
          <span id="clip-title-hint" className={titleTouched && titleMissing ? 'form-error' : 'muted'}>
            {titleTouched && titleMissing
              ? t('clips.creator.titleRequired')
              : t('clips.creator.characters', { used: title.length, max: ClipLimits.titleMax })}
          </span>
        </label>
        <label>
          {t('clips.creator.description')}
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={ClipLimits.descriptionMax}
            rows={3}
            disabled={busy}
            data-testid="clip-description-input"
          />
          <span className="muted">
            {t('clips.creator.characters', { used: description.length, max: ClipLimits.descriptionMax })}
          </span>
        </label>
        <div className="field">
          <span className="field-label">{t('clips.creator.tags')}</span>
          <TagInput tags={tags} onChange={setTags} disabled={busy} />
        </div>
        <p className="notice notice-inline">{t('clips.creator.rewards')}</p>
        <button type="submit" className="button" disabled={titleMissing || busy || !anyFits} data-testid="create-clip">
          {busy ? t('clips.creator.creating') : t('clips.creator.create')}
        </button>
      </div>
    </form>
  );
}
