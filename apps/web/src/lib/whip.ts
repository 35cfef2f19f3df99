import { ApiError } from './api.ts';
import { gathered } from './whep.ts';

/** how long the connection may take to come up once the server has answered */
const CONNECT_MS = 10_000;

export interface WhipPublish {
  /** hangs up: closes the peer connection and ends the publish on the server */
  close(): void;
}

/** The browser's constrained-baseline H.264 (what the server takes), or none when it cannot send it. */
function baselineH264(): RTCRtpCodec[] {
  const codecs = RTCRtpSender.getCapabilities?.('video')?.codecs ?? [];
  return codecs.filter(
    (c) =>
      c.mimeType.toLowerCase() === 'video/h264' &&
      /packetization-mode=1/.test(c.sdpFmtpLine ?? '') &&
      /profile-level-id=42e0/i.test(c.sdpFmtpLine ?? ''),
  );
}

/** Whether this browser can publish over WHIP: WebRTC, and H.264 it can encode. */
export const canPublishWhip = (): boolean =>
  typeof RTCPeerConnection === 'function' && typeof RTCRtpSender !== 'undefined' && baselineH264().length > 0;

/**
 * Publishes `media` over WHIP (RFC 9725) to `url`: a send-only peer connection offering only
 * constrained-baseline H.264 and Opus, whose complete offer (no trickle) is POSTed as application/sdp
 * with `token` as the bearer; the answer's Location is DELETEd on close. Resolves once the
 * connection is up; throws (an ApiError when the server refused) otherwise. `onFailed` is called if
 * the connection fails later.
 */
export async function startWhip(
  url: string,
  token: string,
  media: MediaStream,
  iceServers: RTCIceServer[],
  onFailed: () => void,
): Promise<WhipPublish> {
  const pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
  const authorization = `Bearer ${token}`;
  let location: string | null = null;
  const close = () => {
    pc.close();
    if (location)
      void fetch(new URL(location, window.location.href), {
        method: 'DELETE',
        headers: { authorization },
        keepalive: true,
      }).catch(() => undefined);
    location = null;
  };
  try {
    for (const track of media.getTracks()) {
      const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [media] });
      if (track.kind === 'video') transceiver.setCodecPreferences(baselineH264());
    }
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization },
      body: pc.localDescription?.sdp ?? '',
    });
    if (res.status !== 201) {
      const body = (await res.json().catch(() => ({}))) as { detail?: string; code?: string };
      throw new ApiError(body.detail ?? `HTTP ${res.status}`, res.status, body.code);
    }
    location = res.headers.get('location');
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    await connected(pc);
    pc.addEventListener('connectionstatechange', () => pc.connectionState === 'failed' && onFailed());
    return { close };
  } catch (err) {
    close();
    throw err;
  }
}

function connected(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      if (err) reject(err);
      else resolve();
    };
    const check = () => {
      if (pc.connectionState === 'connected') done();
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed')
        done(new Error('WHIP connection failed'));
    };
    const timer = setTimeout(() => done(new Error('WHIP connection timed out')), CONNECT_MS);
    pc.addEventListener('connectionstatechange', check);
    check();
  });
}
