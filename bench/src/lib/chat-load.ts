import type { ErrorCode } from '@app/shared';
import { WebSocket } from 'ws';

export interface FanoutOptions {
  /** where viewers connect, spread round-robin (several URLs: several server processes) */
  viewerUrls: string[];
  /** where each sender connects (one per sender, already carrying its token) */
  senderUrls: string[];
  viewers: number;
  messagesPerSecond: number;
  seconds: number;
  /** every tipEvery-th message carries a tip of tipAmount tokens to the streamer (default: none) */
  tipEvery?: number;
  tipAmount?: number;
}

export interface FanoutResult {
  sent: number;
  /** messages the server refused with its per-user rate limit (a sender's burst after a stall) */
  refused: number;
  /** other errors the senders were sent (e.g. a refused tip), with the first one's text */
  errors: number;
  firstError?: string;
  delivered: number;
  expected: number;
  /** messages that carried a tip */
  tipped: number;
  /** tip notifications that reached the viewers (the server sends one after each tipped message) */
  tipNotices: number;
  /** tipped messages that at least one viewer was notified of */
  tipsSeen: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const MARK = '"message":"bench ';
// A tipped message reaches viewers twice: as the chat message, and as a notice quoting its text.
const TIP_NOTICE = '{"type":"tip_notification"';
const RATE_LIMITED = `"code":"${'rate_limited' satisfies ErrorCode}"`;
const ERROR = '{"type":"error"';

function open(url: string, onText: (text: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (data) => onText(String(data)));
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * Opens the viewer sockets, then has the senders say `bench <send time>` at a steady total rate; each
 * viewer notes when each message arrives. Sender and receivers share this process's clock, so a
 * delivery's latency is arrival − send time. The same harness drives the bare `ws` ceiling.
 */
export async function runFanout(o: FanoutOptions): Promise<FanoutResult> {
  const latencies = new Float64Array(Math.ceil(o.messagesPerSecond * o.seconds) * o.viewers + 1);
  let delivered = 0;
  let tipNotices = 0;
  const tipsSeen = new Set<string>();
  let collecting = false;
  const onText = (text: string) => {
    if (!collecting) return;
    if (text.startsWith(TIP_NOTICE)) {
      tipNotices++;
      tipsSeen.add(text.slice(text.indexOf(MARK)));
      return;
    }
    const at = text.indexOf(MARK);
    if (at < 0) return;
    const sentAt = Number.parseFloat(text.slice(at + MARK.length, text.indexOf('"', at + MARK.length)));
    if (delivered < latencies.length) latencies[delivered] = performance.now() - sentAt;
    delivered++;
  };

  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < o.viewers; i += 100) {
      const batch = Array.from({ length: Math.min(100, o.viewers - i) }, (_, j) =>
        open(o.viewerUrls[(i + j) % o.viewerUrls.length]!, onText),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    let refused = 0;
    let errors = 0;
    let firstError: string | undefined;
    const onSenderText = (text: string) => {
      if (!collecting || !text.startsWith(ERROR)) return;
      if (text.includes(RATE_LIMITED)) refused++;
      else if (errors++ === 0) firstError = text;
    };
    const senders = await Promise.all(o.senderUrls.map((url) => open(url, onSenderText)));
    sockets.push(...senders);
    await new Promise((r) => setTimeout(r, 1000)); // welcomes and viewer counts settle

    collecting = true;
    const total = Math.round(o.messagesPerSecond * o.seconds);
    const started = performance.now();
    let tipped = 0;
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / o.messagesPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const now = performance.now();
      const tip = o.tipEvery && n % o.tipEvery === o.tipEvery - 1 ? (o.tipAmount ?? 0.1) : null;
      if (tip) tipped++;
      senders[n % senders.length]!.send(
        JSON.stringify({ type: 'chat', message: `bench ${now.toFixed(3)}`, tip_amount: tip }),
      );
    }
    const expected = total * o.viewers;
    const deadline = performance.now() + 10_000;
    while (delivered < (total - refused) * o.viewers && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const elapsed = (performance.now() - started) / 1000;
    collecting = false;

    const sorted = latencies.subarray(0, Math.min(delivered, latencies.length)).sort();
    const pick = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return {
      sent: total,
      refused,
      errors,
      firstError,
      delivered,
      expected,
      tipped,
      tipNotices,
      tipsSeen: tipsSeen.size,
      deliveriesPerSecond: delivered / elapsed,
      p50Ms: pick(0.5),
      p99Ms: pick(0.99),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}
