/** The longest wait for the browser's ICE candidates before the offer is sent with what it has. */
const GATHER_MS = 2_000;

export interface WhepPlayback {
  /** the received picture and sound, for a video element's srcObject */
  stream: MediaStream;
  /** hangs up: closes the peer connection and ends the session on the server */
  close(): void;
}

/** Whether this browser can play over WebRTC at all. */
export const canPlayWebRtc = (): boolean => typeof RTCPeerConnection === 'function';

export function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * Starts WHEP playback (RFC 9725) of `url`: a receive-only peer connection whose complete offer
 * (no trickle) is POSTed as application/sdp; the answer's Location is DELETEd on close. Throws when
 * the server refuses or the answer cannot be applied; `onFailed` is called if the connection fails later.
 */
export async function startWhep(url: string, iceServers: RTCIceServer[], onFailed: () => void): Promise<WhepPlayback> {
  const pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
  const stream = new MediaStream();
  let location: string | null = null;
  const close = () => {
    pc.close();
    if (location)
      void fetch(new URL(location, window.location.href), { method: 'DELETE', keepalive: true }).catch(() => undefined);
    location = null;
  };
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', (e) => stream.addTrack(e.track));
    pc.addEventListener('connectionstatechange', () => pc.connectionState === 'failed' && onFailed());
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
    });
    if (res.status !== 201) throw new Error(`WHEP offer refused: HTTP ${res.status}`);
    location = res.headers.get('location');
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    return { stream, close };
  } catch (err) {
    close();
    throw err;
  }
}
