import { ThumbnailLimits, VideoCategories, VideoEditSchema, VideoLimits, type Video } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '../../../components/thumbnail.tsx';
import { errorText, issueText, translateError } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useEditVideo, useThumbnailChoices, useUploadThumbnail } from '../api/edit-video.ts';
import { DeleteVideo } from './delete-video.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The creator's edit of one video: its details (the upload's limits, checked here and again by the
 * server), one of the frames processing kept as the thumbnail or an uploaded picture, and Delete
 * behind a confirmation.
 */
export function VideoEditForm({ video }: { video: Video }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [category, setCategory] = useState(video.category);
  const [tags, setTags] = useState(video.tags.join(', '));
  const [frame, setFrame] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const choices = useThumbnailChoices(video.id, video.status === 'ready');
  const edit = useEditVideo(video.id);
  const image = useUploadThumbnail(video.id);
  const chosen = frame ?? choices.data?.current ?? null;
  const error = invalid ?? (edit.error && errorText(edit.error)) ?? (image.error && errorText(image.error));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = VideoEditSchema.safeParse({
      title,
      description,
      category,
      tags,
      ...(frame !== null && frame !== choices.data?.current ? { thumbnail_frame: frame } : {}),
    });
    if (!fields.success) return setInvalid(issueText(fields.error.issues[0], 'videos.errors.uploadFailed'));
    setInvalid(null);
    edit.mutate(fields.data, { onSuccess: () => notify('success', t('videoEdit.saved')) });
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    if (file.size > ThumbnailLimits.maxImageBytes)
      return setInvalid(
        translateError({
          code: 'file_too_large',
          params: { max_mb: ThumbnailLimits.maxImageBytes / 1024 / 1024 },
          detail: '',
        }),
      );
    setInvalid(null);
    image.mutate(file, {
      onSuccess: () => {
        setFrame(null);
        void choices.refetch();
        notify('success', t('videoEdit.saved'));
      },
    });
  };

  return (
    <>
      <form className="form video-edit-form" onSubmit={save} noValidate data-testid="video-edit-form">
        <label>
          {t('videos.title')}
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={VideoLimits.titleMax}
            data-testid="edit-title"
          />
        </label>
        <label>
          {t('videos.description')}
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={VideoLimits.descriptionMax}
            rows={4}
          />
        </label>
        <label>
          {t('videos.category')}
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            {VideoCategories.map((c) => (
              <option key={c} value={c}>
                {t(`clips.category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('videos.tags')}
          <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder={t('videos.tagsHint')} />
        </label>
        <fieldset className="frame-picker">
          <legend>{t('videoEdit.thumbnail')}</legend>
          {choices.data && choices.data.frames.length > 0 ? (
            <div className="frame-choices">
              {choices.data.frames.map((f) => (
                <label key={f.index} className="frame-choice" data-testid={`frame-${f.index}`}>
                  <input
                    type="radio"
                    name="thumbnail-frame"
                    value={f.index}
                    checked={chosen === f.index}
                    onChange={() => setFrame(f.index)}
                  />
                  <Thumbnail url={f.sizes.at(-1)!.jpeg_url} sizes={f.sizes} loading="eager" />
                  <span>{t('videoEdit.frame', { n: f.index + 1 })}</span>
                </label>
              ))}
            </div>
          ) : (
            choices.isSuccess && <p className="muted">{t('videoEdit.noFrames')}</p>
          )}
          <label className="image-upload">
            {t('videoEdit.uploadImage')}
            <input
              type="file"
              accept={IMAGE_TYPES}
              disabled={image.isPending}
              onChange={(e) => pickImage(e.target.files?.[0])}
              data-testid="thumbnail-file"
            />
          </label>
        </fieldset>
        {error && (
          <p className="form-error" role="alert" data-testid="edit-error">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={edit.isPending} data-testid="edit-save">
            {t('common.save')}
          </button>
        </div>
      </form>
      {/* outside the form: its confirmation is a form of its own */}
      <DeleteVideo videoId={video.id} after="/profile" />
    </>
  );
}
