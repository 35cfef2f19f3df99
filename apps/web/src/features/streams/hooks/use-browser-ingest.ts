import { useCallback, useEffect, useRef, useState } from 'react';
import { getToken } from '../../../lib/api.ts';
import { wsUrl } from '../../../lib/ws-url.ts';

export type IngestState = 'idle' | 'connecting' | 'sending' | 'failed';

/** A chunk every half second keeps the camera about a second from the server. */
const CHUNK_MS = 500;
const VIDEO_BITS = 2_500_000;
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

const pickMimeType = () => MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';

/**
 * Sends the page's camera to the server without OBS: MediaRecorder WebM chunks over the stream's
 * authenticated ingest socket, started once the server says it is ready. The server turns them into
 * the live HLS and the recording.
 */
export function useBrowserIngest() {
  const [state, setState] = useState<IngestState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    recorder.current = null;
    const ws = socket.current;
    socket.current = null;
    // Let the last chunk go out before closing.
    if (ws && ws.readyState === WebSocket.OPEN) setTimeout(() => ws.close(1000), 300);
    setState('idle');
  }, []);

  const start = useCallback(
    (media: MediaStream, ingestPath: string): Promise<void> =>
      new Promise((resolve, reject) => {
        stop();
        setProblem(null);
        setState('connecting');
        const ws = new WebSocket(wsUrl(ingestPath, { token: getToken() }));
        ws.binaryType = 'arraybuffer';
        socket.current = ws;
        let ready = false;
        ws.onmessage = (e) => {
          if (ready || typeof e.data !== 'string') return;
          ready = true;
          const rec = new MediaRecorder(media, { mimeType: pickMimeType(), videoBitsPerSecond: VIDEO_BITS });
          recorder.current = rec;
          rec.ondataavailable = (chunk) => {
            if (chunk.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(chunk.data); // Blobs go out in order
          };
          rec.start(CHUNK_MS);
          setState('sending');
          resolve();
        };
        ws.onclose = (e) => {
          if (socket.current !== ws) return; // closed by stop()
          socket.current = null;
          if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
          recorder.current = null;
          setState(e.code === 1000 ? 'idle' : 'failed');
          if (e.code !== 1000) setProblem(e.reason || null);
          if (!ready) reject(new Error(e.reason || 'ingest closed'));
        };
      }),
    [stop],
  );

  useEffect(() => stop, [stop]);
  // Closing the tab while on air would cut the stream: the browser asks first.
  useEffect(() => {
    if (state !== 'sending') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);
  return { state, problem, start, stop };
}
