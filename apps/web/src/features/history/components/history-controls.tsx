import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { usePauseHistory } from '../api/history.ts';
import { ClearHistoryDialog } from './clear-history-dialog.tsx';

/** Pause or resume recording, and clear everything (after a confirmation). */
export function HistoryControls({ paused, hasEntries }: { paused: boolean; hasEntries: boolean }) {
  const { t } = useTranslation();
  const pause = usePauseHistory();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="button-row history-controls">
        <button
          type="button"
          className="button button-outline"
          aria-pressed={paused}
          disabled={pause.isPending}
          onClick={() => pause.mutate({ paused: !paused })}
          data-testid="history-pause"
        >
          {paused ? t('history.resume') : t('history.pause')}
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={!hasEntries}
          onClick={() => setConfirming(true)}
          data-testid="history-clear"
        >
          {t('history.clear')}
        </button>
      </div>
      {pause.error && (
        <p className="form-error" role="alert">
          {errorText(pause.error)}
        </p>
      )}
      {paused && (
        <p className="panel history-paused" role="status" data-testid="history-paused">
          {t('history.pausedNote')}
        </p>
      )}
      {confirming && <ClearHistoryDialog onClose={() => setConfirming(false)} />}
    </>
  );
}
