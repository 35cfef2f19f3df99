import type { StreamIngest } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { copyLink } from '../../../components/share.ts';
import { useRotateStreamKey } from '../api/streams.ts';

/**
 * Where OBS sends video: the RTMP address, the WHIP address (OBS 30+) and the secret key (hidden until revealed, with copy
 * buttons), a key rotation for a leaked key, and the steps in OBS.
 */
export function IngestDetails({ ingest }: { ingest: StreamIngest }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const rotation = useRotateStreamKey(ingest.stream_id);
  const rotating = rotation.isPending;

  const rotate = () => {
    if (!window.confirm(t('live.manage.rotateConfirm'))) return;
    rotation.mutate(undefined, {
      onSuccess: () => notify('success', t('live.manage.rotated')),
      onError: () => notify('error', t('live.manage.rotateFailed')),
    });
  };

  return (
    <section className="card ingest-details" aria-labelledby="ingest-title">
      <h2 id="ingest-title">{t('live.manage.ingestTitle')}</h2>
      <div className="ingest-field">
        <span className="field-label">{t('live.manage.server')}</span>
        <div className="copy-row">
          <code data-testid="rtmp-url" dir="ltr">
            {ingest.rtmp_url}
          </code>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copyLink(ingest.rtmp_url, 'live.manage.serverCopied')}
          >
            {t('live.manage.copy')}
          </button>
        </div>
      </div>
      <div className="ingest-field">
        <span className="field-label">{t('live.manage.whipUrl')}</span>
        <div className="copy-row">
          <code data-testid="whip-url" dir="ltr">
            {ingest.whip_url}
          </code>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copyLink(ingest.whip_url, 'live.manage.serverCopied')}
          >
            {t('live.manage.copy')}
          </button>
        </div>
      </div>
      <div className="ingest-field">
        <span className="field-label">{t('live.manage.streamKey')}</span>
        <div className="copy-row">
          <code data-testid="stream-key" dir="ltr">
            {revealed ? ingest.stream_key : '•'.repeat(24)}
          </code>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setRevealed((r) => !r)}
            aria-pressed={revealed}
            data-testid="reveal-key"
          >
            {t(revealed ? 'live.manage.hide' : 'live.manage.reveal')}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copyLink(ingest.stream_key, 'live.manage.keyCopied')}
            data-testid="copy-key"
          >
            {t('live.manage.copy')}
          </button>
          <button
            type="button"
            className="button button-outline button-small"
            onClick={() => rotate()}
            disabled={rotating}
            data-testid="rotate-key"
          >
            {t('live.manage.rotate')}
          </button>
        </div>
        <span className="muted">{t('live.manage.keySecret')}</span>
      </div>
      <details className="obs-steps">
        <summary>{t('live.manage.obsTitle')}</summary>
        <ol>
          <li>{t('live.manage.obsStep1')}</li>
          <li>{t('live.manage.obsStep2')}</li>
          <li>{t('live.manage.obsStep3')}</li>
          <li>{t('live.manage.obsStep4')}</li>
        </ol>
      </details>
    </section>
  );
}
