import { StreamCategories, StreamLimits, type StreamCategory, type StreamCreateInput } from '@app/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../../components/tag-input.tsx';
import { notify } from '../../../lib/notifications.ts';

export type StreamSource = 'camera' | 'software';

/** The create form of the Go Live page: title, description, category, tags, and where video comes from. */
export function GoLiveForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate(input: StreamCreateInput, source: StreamSource): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<StreamCategory>('Entertainment');
  const [tags, setTags] = useState<string[]>([]);
  const [source, setSource] = useState<StreamSource>('camera');
  const [titleError, setTitleError] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setTitleError(true);
      titleInput.current?.focus();
      return notify('error', t('live.form.titleRequired'));
    }
    onCreate({ title: title.trim(), description: description.trim(), category, tags }, source);
  };

  return (
    <form className="card form go-live-form" onSubmit={submit} noValidate data-testid="go-live-form">
      <h2>{t('live.form.title')}</h2>
      <label>
        {t('live.form.streamTitle')}
        <input
          ref={titleInput}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setTitleError(false);
          }}
          maxLength={StreamLimits.titleMax}
          aria-invalid={titleError}
          aria-describedby="stream-title-hint"
          placeholder={t('live.form.titlePlaceholder')}
          disabled={busy}
          data-testid="stream-title-input"
        />
        <span id="stream-title-hint" className={titleError ? 'form-error' : 'muted'}>
          {titleError
            ? t('live.form.titleRequired')
            : t('clips.creator.characters', { used: title.length, max: StreamLimits.titleMax })}
        </span>
      </label>
      <label>
        {t('live.form.description')}
        <textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={StreamLimits.descriptionMax}
          rows={3}
          disabled={busy}
          data-testid="stream-description-input"
        />
        <span className="muted">
          {t('clips.creator.characters', { used: description.length, max: StreamLimits.descriptionMax })}
        </span>
      </label>
      <label>
        {t('live.form.category')}
        <select
          value={category}
          onChange={(e) => setCategory(e.target.value as StreamCategory)}
          disabled={busy}
          data-testid="stream-category"
        >
          {StreamCategories.map((c) => (
            <option key={c} value={c}>
              {t(`clips.category.${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <span className="field-label">{t('clips.creator.tags')}</span>
        <TagInput tags={tags} onChange={setTags} disabled={busy} />
      </div>
      <fieldset className="source-choice">
        <legend>{t('live.form.source')}</legend>
        <label className="radio">
          <input
            type="radio"
            name="source"
            checked={source === 'camera'}
            onChange={() => setSource('camera')}
            disabled={busy}
            data-testid="source-camera"
          />
          <span>
            <strong>{t('live.form.sourceCamera')}</strong>
            <span className="muted">{t('live.form.sourceCameraHelp')}</span>
          </span>
        </label>
        <label className="radio">
          <input
            type="radio"
            name="source"
            checked={source === 'software'}
            onChange={() => setSource('software')}
            disabled={busy}
            data-testid="source-software"
          />
          <span>
            <strong>{t('live.form.sourceSoftware')}</strong>
            <span className="muted">{t('live.form.sourceSoftwareHelp')}</span>
          </span>
        </label>
      </fieldset>
      <p className="notice notice-inline">{t('live.form.rewards')}</p>
      <button type="submit" className="button" disabled={busy} data-testid="create-stream">
        {busy ? t('live.form.creating') : t('live.form.create')}
      </button>
    </form>
  );
}
