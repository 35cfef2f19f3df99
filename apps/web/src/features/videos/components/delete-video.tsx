import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { useDeleteVideo } from '../api/edit-video.ts';

/**
 * Delete, behind a confirmation: for the video's creator (then to their profile) and for staff
 * removing someone else's video (then home). The server checks who may.
 */
export function DeleteVideo({ videoId, after }: { videoId: string; after: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVideo(videoId);
  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="button button-danger"
          onClick={() => setConfirming(true)}
          data-testid="delete-video"
        >
          {t('videoEdit.delete')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          name="delete-video"
          title={t('videoEdit.delete')}
          onClose={() => setConfirming(false)}
          confirm={() => remove.mutateAsync()}
          mutation={remove}
          doneText={t('videoEdit.deleted')}
          onDone={() => void navigate(after)}
          confirmLabel={t('videoEdit.delete')}
        >
          <p>{t('videoEdit.deleteConfirm')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
