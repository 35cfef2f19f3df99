import { useCallback, useEffect, useRef, useState } from 'react';

/** What the Go Live page asks for: 1280x720 with sound. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: true,
};

/** The page's camera and microphone: asked for on demand, released on stop and when the page goes. */
export function useCamera() {
  const [media, setMedia] = useState<MediaStream | null>(null);
  const current = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    current.current?.getTracks().forEach((track) => track.stop());
    current.current = null;
    setMedia(null);
  }, []);

  /** Resolves with the camera, or throws when there is none or permission is refused. */
  const request = useCallback(async (): Promise<MediaStream> => {
    if (current.current) return current.current;
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('no media devices');
    const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
    current.current = stream;
    setMedia(stream);
    return stream;
  }, []);

  useEffect(() => release, [release]);
  return { media, request, release };
}
