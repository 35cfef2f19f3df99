/** NAL unit types of H.264 (RFC 6184 for the RTP packetisation ones) */
const IDR = 5;
const SPS = 7;
const STAP_A = 24;
const FU_A = 28;

/**
 * Whether an H.264 RTP payload starts a picture a decoder can begin with: the SPS that precedes
 * each keyframe (the live transcode repeats it in-band), the IDR itself, either alone, first in an
 * aggregation packet, or as the first fragment of a fragmented one. A viewer who joins mid-stream is
 * sent video from the first such packet on.
 */
export function startsKeyframe(payload: Uint8Array): boolean {
  if (payload.length < 2) return false;
  const type = payload[0]! & 0x1f;
  if (type === SPS || type === IDR) return true;
  if (type === STAP_A) {
    const inner = payload.length > 3 ? payload[3]! & 0x1f : 0;
    return inner === SPS || inner === IDR;
  }
  if (type === FU_A) return (payload[1]! & 0x80) !== 0 && (payload[1]! & 0x1f) === IDR;
  return false;
}
