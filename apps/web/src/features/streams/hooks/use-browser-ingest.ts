import type { StreamIngest, WebRtcSettings } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, getToken } from '../../../lib/api.ts';
import { canPublishWhip, startWhip, type WhipPublish } from '../../../lib/whip.ts';
import { wsUrl } from '../../../lib/ws-url.ts';

export type IngestState = 'idle' | 'connecting' | 'sending' | 'failed';
/** how the camera reaches the server: WHIP (WebRTC, about a second behind), else the WebSocket fallback */
export type IngestPath = 'whip' | 'socket';

/** A chunk every half second keeps the camera about a second from the server. */
const CHUNK_MS = 500;
const VIDEO_BITS = 2_500_000;
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

const pickMimeType = () => MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';

/**
 * Sends the page's camera to the server without OBS. First over WHIP: a WebRTC peer connection
 * sending H.264 and Opus, which the server feeds to the stream's transcode as it arrives. When that
 * cannot be used (no H.264 encoder, WebRTC off on the server, UDP blocked), MediaRecorder WebM
 * chunks go over the stream's authenticated ingest socket instead, started once the server says
 * it is ready; `path` tells the page which one is used.
 */
export function useBrowserIngest() {
  const [state, setState] = useState<IngestState>('idle');
  const [path, setPath] = useState<IngestPath | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const whip = useRef<WhipPublish | null>(null);

  const stop = useCallback(() => {
    whip.current?.close();
    whip.current = null;
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    recorder.current = null;
    const ws = socket.current;
    socket.current = null;
    // Let the last chunk go out before closing.
    if (ws && ws.readyState === WebSocket.OPEN) setTimeout(() => ws.close(1000), 300);
    setState('idle');
    setPath(null);
  }, []);

  const overSocket = useCallback(
    (media: MediaStream, ingestPath: string): Promise<void> =>
      new Promise((resolve, reject) => {
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
          setPath('socket');
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
    [],
  );

  const overWhip = useCallback(async (media: MediaStream, ingest: StreamIngest): Promise<boolean> => {
    const token = getToken();
    if (!token || !canPublishWhip()) return false;
    const settings = await api<WebRtcSettings>('/api/streams/webrtc', { background: true }).catch(() => null);
    if (!settings?.enabled) return false;
    const session = await startWhip(new URL(ingest.whip_url).pathname, token, media, settings.ice_servers, () => {
      if (whip.current !== session) return;
      whip.current = null;
      setState('failed');
    }).catch(() => null);
    if (!session) return false;
    whip.current = session;
    setPath('whip');
    setState('sending');
    return true;
  }, []);

  const start = useCallback(
    async (media: MediaStream, ingest: StreamIngest): Promise<void> => {
      stop();
      setProblem(null);
      setPath(null);
      setState('connecting');
      if (await overWhip(media, ingest)) return;
      await overSocket(media, ingest.browser_ingest_path);
    },
    [stop, overWhip, overSocket],
  );

  useEffect(() => stop, [stop]);
  // Closing the tab while on air would cut the stream: the browser asks first.
  useEffect(() => {
    if (state !== 'sending') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);
  return { state, path, problem, start, stop };
}
