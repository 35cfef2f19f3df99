import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useClearHistory } from '../api/history.ts';

/** Asks before the whole history goes (earnings are not touched). */
export function ClearHistoryDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const clear = useClearHistory();
  return (
    <FormDialog
      name="clear-history"
      title={t('history.clearTitle')}
      onClose={onClose}
      onSubmit={() =>
        void clear
          .mutateAsync()
          .then(() => {
            notify('success', t('history.cleared'));
            onClose();
          })
          .catch(() => undefined)
      }
      error={clear.error && errorText(clear.error)}
      submitLabel={t('history.clearConfirm')}
      busy={clear.isPending}
      danger
    >
      <p>{t('history.clearBody')}</p>
    </FormDialog>
  );
}
