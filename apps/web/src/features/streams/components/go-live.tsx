import { StreamLimits, type Stream, type StreamCreateInput } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { refreshUser } from '../../../lib/session/session-store.ts';
import { useCreateStream, useOwnStreams } from '../api/streams.ts';
import { useBrowserIngest } from '../hooks/use-browser-ingest.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { isDue } from '../lib/schedule-time.ts';
import { useNow } from '../hooks/use-now.ts';
import { GoLiveForm, type StreamSource } from './go-live-form.tsx';
import { StreamManager, type StreamEnded } from './stream-manager.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { isolate } from '../../../lib/i18n/isolate.ts';

/**
 * A stream of mine that has not ended: after a reload the page offers to manage it again. A
 * scheduled one only when due (within the hour around its time), to take it on air.
 */
function useUnfinishedStream(enabled: boolean): Stream | undefined {
  const { data } = useOwnStreams(enabled);
  const now = useNow(false);
  return data?.find((s) => (s.status === 'scheduled' ? isDue(s, now) : s.status !== 'ended'));
}

/**
 * The Go Live page: no stream → the create form (the camera is asked for first,
 * then the stream is created); created → the manage view; stopped → a summary, and the form again
 * 3 seconds later.
 */
export function GoLive() {
  const { t } = useTranslation();
  const format = useFormats();
  const camera = useCamera();
  const ingest = useBrowserIngest();
  const [current, setCurrent] = useState<{ id: string; source: StreamSource } | null>(null);
  const [ended, setEnded] = useState<StreamEnded | null>(null);
  const [askingCamera, setAskingCamera] = useState(false);
  const createStream = useCreateStream();
  const unfinished = useUnfinishedStream(!current && !ended);

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => setEnded(null), StreamLimits.resetAfterStopMs);
    return () => clearTimeout(timer);
  }, [ended]);

  const create = async (input: StreamCreateInput, source: StreamSource) => {
    if (source === 'camera') {
      setAskingCamera(true);
      const granted = await camera.request().then(
        () => true,
        () => false,
      );
      setAskingCamera(false);
      if (!granted) return notify('error', t('live.cameraFailed'));
    }
    createStream.mutate(input, {
      onSuccess: (created) => setCurrent({ id: created.stream_id, source }),
      onError: () => {
        camera.release();
        notify('error', t('live.createFailed'));
      },
    });
  };

  const finish = (result: StreamEnded) => {
    setCurrent(null);
    setEnded(result);
    void refreshUser();
    notify('success', t('live.endedToast', { amount: format.tokens(result.tokens_earned) }));
  };

  if (current)
    return (
      <StreamManager
        streamId={current.id}
        source={current.source}
        camera={camera}
        ingest={ingest}
        onEnded={finish}
        onDiscarded={() => {
          setCurrent(null);
          notify('success', t('live.manage.discarded'));
        }}
      />
    );
  if (ended) {
    return (
      <section className="card stream-summary" role="status" data-testid="stream-summary">
        <h2>{t('live.summaryTitle')}</h2>
        <p>
          {t('live.summaryBody', {
            duration: format.duration(ended.duration),
            amount: format.tokens(ended.tokens_earned),
          })}
        </p>
      </section>
    );
  }
  return (
    <div className="go-live">
      {unfinished && (
        <section className="notice resume-stream" data-testid="resume-stream">
          <span>
            {t(unfinished.status === 'scheduled' ? 'live.resumeScheduled' : 'live.resume', {
              title: isolate(unfinished.title),
            })}
          </span>
          <button
            type="button"
            className="button button-small"
            onClick={() => setCurrent({ id: unfinished.id, source: 'software' })}
          >
            {t('live.resumeButton')}
          </button>
        </section>
      )}
      <GoLiveForm
        busy={askingCamera || createStream.isPending}
        onCreate={(input, source) => void create(input, source)}
      />
    </div>
  );
}
