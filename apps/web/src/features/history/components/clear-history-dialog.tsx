import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { useClearHistory } from '../api/history.ts';

/** Asks before the whole history goes (earnings are not touched). */
export function ClearHistoryDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const clear = useClearHistory();
  return (
    <ConfirmDialog
      name="clear-history"
      title={t('history.clearTitle')}
      onClose={onClose}
      confirm={() => clear.mutateAsync()}
      mutation={clear}
      doneText={t('history.cleared')}
      confirmLabel={t('history.clearConfirm')}
    >
      <p>{t('history.clearBody')}</p>
    </ConfirmDialog>
  );
}
