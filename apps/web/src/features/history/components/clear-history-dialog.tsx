import { useTranslation } from 'react-i18next';
import { Dialog, closeDialog } from '../../../components/dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useClearHistory } from '../api/history.ts';

/** Asks before the whole history goes (earnings are not touched). */
export function ClearHistoryDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const clear = useClearHistory();
  return (
    <Dialog labelledBy="clear-history-title" testId="clear-history-dialog" onClose={onClose}>
      <h2 id="clear-history-title">{t('history.clearTitle')}</h2>
      <p>{t('history.clearBody')}</p>
      {clear.error && (
        <p className="form-error" role="alert">
          {errorText(clear.error)}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-outline" onClick={closeDialog}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={clear.isPending}
          data-testid="clear-history-confirm"
          onClick={() =>
            void clear
              .mutateAsync()
              .then(() => {
                notify('success', t('history.cleared'));
                onClose();
              })
              .catch(() => undefined)
          }
        >
          {t('history.clearConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
