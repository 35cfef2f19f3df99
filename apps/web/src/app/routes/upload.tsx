import { useTranslation } from 'react-i18next';
import { UploadForm } from '../../features/videos/components/upload-form.tsx';

export function UploadPage() {
  const { t } = useTranslation();
  return (
    <section className="page upload-page">
      <h1>{t('videos.uploadTitle')}</h1>
      <div className="upload-layout">
        <UploadForm />
        <aside className="card earnings-info">
          <h2>{t('videos.earnTitle')}</h2>
          <ul>
            <li>{t('videos.earnUpload')}</li>
            <li>{t('videos.earnView')}</li>
            <li>{t('videos.earnLike')}</li>
            <li>{t('videos.earnTips')}</li>
          </ul>
          <p className="muted">{t('videos.earnStorage')}</p>
        </aside>
      </div>
    </section>
  );
}
