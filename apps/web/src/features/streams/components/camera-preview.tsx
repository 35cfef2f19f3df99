import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The creator's own camera, muted, with switches for the picture and the microphone. */
export function CameraPreview({ media }: { media: MediaStream }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [videoOn, setVideoOn] = useState(true);
  const [audioOn, setAudioOn] = useState(true);

  useEffect(() => {
    if (ref.current) ref.current.srcObject = media;
  }, [media]);

  const toggle = (kind: 'video' | 'audio', on: boolean) => {
    media
      .getTracks()
      .filter((track) => track.kind === kind)
      .forEach((track) => (track.enabled = on));
    (kind === 'video' ? setVideoOn : setAudioOn)(on);
  };

  return (
    <div className="camera-preview">
      <video ref={ref} autoPlay muted playsInline aria-label={t('live.manage.preview')} data-testid="camera-preview" />
      <div className="camera-switches">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={!videoOn}
          onClick={() => toggle('video', !videoOn)}
          data-testid="toggle-camera"
        >
          {t(videoOn ? 'live.manage.cameraOff' : 'live.manage.cameraOn')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={!audioOn}
          onClick={() => toggle('audio', !audioOn)}
          data-testid="toggle-mic"
        >
          {t(audioOn ? 'live.manage.mute' : 'live.manage.unmute')}
        </button>
      </div>
    </div>
  );
}
