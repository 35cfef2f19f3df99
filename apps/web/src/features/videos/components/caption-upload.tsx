import { CaptionParamsSchema } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, issueText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useUploadCaptions } from '../api/captions.ts';

const LanguageField = CaptionParamsSchema.pick({ language: true });

/** The creator's form under the player: a WebVTT file and its language code. The server checks the file. */
export function CaptionUpload({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const upload = useUploadCaptions(videoId);
  const [language, setLanguage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const form = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = LanguageField.safeParse({ language });
    if (!code.success)
      return setError(
        issueText(code.error.issues[0], 'errors.codes.invalid_format', { language: t('player.captionLanguage') }),
      );
    if (!file) return setError(t('errors.codes.file_missing'));
    setError('');
    upload.mutate(
      { language: code.data.language, file },
      {
        onSuccess: () => {
          notify('success', t('player.captionsAdded'));
          setLanguage('');
          setFile(null);
          form.current?.reset(); // empties the file input, which has no value to set
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <details className="caption-upload card" data-testid="caption-upload">
      <summary>{t('player.addCaptions')}</summary>
      <form ref={form} className="form inline-form" onSubmit={submit} noValidate>
        <label>
          {t('player.captionLanguage')}
          <input
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            disabled={upload.isPending}
            data-testid="caption-language"
          />
        </label>
        <label>
          {t('player.captionFile')}
          <input
            type="file"
            accept=".vtt,text/vtt"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={upload.isPending}
            data-testid="caption-file"
          />
        </label>
        <button type="submit" className="button" disabled={upload.isPending} data-testid="caption-submit">
          {t('player.uploadCaptions')}
        </button>
        {error && (
          <p className="form-error" role="alert" data-testid="caption-error">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
