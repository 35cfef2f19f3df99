import { VideoCategories, VideoLimits, VideoUploadFieldsSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { UploadCancelled, useUploadVideo } from '../api/upload-video.ts';
import { errorText, issueText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const REDIRECT_MS = 2000;

/** Checks field by field, in a fixed order; the server checks the same again (and the bytes). */
export function validateFile(file: File | null): string | null {
  if (!file) return 'videos.errors.noFile';
  if (!file.type.startsWith('video/')) return 'videos.errors.notVideo';
  if (file.size > VideoLimits.maxFileBytes) return 'videos.errors.tooLarge';
  return null;
}

export function UploadForm() {
  const { t } = useTranslation();
  const format = useFormats();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<string>('Education');
  const [tags, setTags] = useState('');
  const [progress, setProgress] = useState(0);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadVideo(setProgress);
  const cancelled = upload.error instanceof UploadCancelled;
  const error = invalid ?? (upload.error && !cancelled ? errorText(upload.error, 'videos.errors.uploadFailed') : null);

  const pick = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setInvalid(null);
    upload.reset();
    if (!title.trim()) setTitle(f.name.replace(/\.[^.]+$/, ''));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fileError = validateFile(file);
    if (fileError) return setInvalid(t(fileError));
    const fields = VideoUploadFieldsSchema.safeParse({ title, description, category, tags });
    if (!fields.success) return setInvalid(issueText(fields.error.issues[0], 'videos.errors.uploadFailed'));
    setInvalid(null);
    const form = new FormData();
    form.set('file', file!);
    form.set('title', fields.data.title);
    form.set('description', fields.data.description);
    form.set('category', fields.data.category);
    form.set('tags', JSON.stringify(fields.data.tags));
    setProgress(0);
    upload.mutate(form, {
      onSuccess: () => {
        notify('success', t('videos.uploaded'));
        setTimeout(() => void navigate('/library'), REDIRECT_MS); // where the new video shows, processing
      },
    });
  };

  const busy = upload.isPending || upload.isSuccess;
  return (
    <form className="upload-form" onSubmit={submit} noValidate>
      <label
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          pick(e.dataTransfer.files[0]);
        }}
      >
        <input
          type="file"
          accept="video/*"
          className="sr-only"
          onChange={(e) => pick(e.target.files?.[0])}
          disabled={busy}
          data-testid="file-input"
        />
        <span className="drop-icon" aria-hidden="true">
          ⇪
        </span>
        <strong>{file ? file.name : t('videos.dropHere')}</strong>
        <span className="muted">{file ? `${format.decimal(file.size / 1024 / 1024, 1)} MB` : t('videos.formats')}</span>
      </label>
      <div className="form">
        <label>
          {t('videos.title')}
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={VideoLimits.titleMax}
            disabled={busy}
            data-testid="title-input"
          />
        </label>
        <label>
          {t('videos.description')}
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={VideoLimits.descriptionMax}
            rows={4}
            disabled={busy}
          />
        </label>
        <label>
          {t('videos.category')}
          <select
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            disabled={busy}
            data-testid="category-select"
          >
            {VideoCategories.map((c) => (
              <option key={c} value={c}>
                {t(`clips.category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('videos.tags')}
          <input
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder={t('videos.tagsHint')}
            disabled={busy}
          />
        </label>
        {!upload.isIdle && !cancelled && (
          <div
            className="progress"
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            data-testid="upload-progress"
          >
            <div className="progress-bar" style={{ width: `${progress}%` }} />
            <span>{upload.isSuccess ? t('videos.uploaded') : `${progress}%`}</span>
          </div>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="upload-error">
            {error}
          </p>
        )}
        {cancelled && (
          <p className="muted" role="status" data-testid="upload-cancelled">
            {t('videos.uploadCancelled')}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy} data-testid="upload-submit">
            {upload.isPending ? t('videos.uploading') : t('videos.uploadVideo')}
          </button>
          {upload.isPending && (
            <button type="button" className="button button-outline" onClick={upload.cancel} data-testid="upload-cancel">
              {t('videos.cancelUpload')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
