import fs from 'node:fs';
import { WebSocket } from 'ws';
import { CHROMIUM, launchBrowser, newContext } from '../../../apps/e2e/support/browser.ts';
import { closeOnExit } from './cleanup.ts';
import { PAGE_READER, type Sample } from './time-code.ts';

/** ms between chat messages: under the chat's per-user limit (5 in 5 s) */
const CHAT_EVERY_MS = 1_500;
/** one message in TIP_EVERY carries a tip of TIP tokens, which the viewer sees as a tip line */
const TIP_EVERY = 3;
const TIP = 0.1;
/** the first seconds of each mode are its start (hls.js catching up), not its steady latency */
const SETTLE_MS = 3_000;

/** Watches the chat list: for each `sync <send time>` line, the time code of the frame on screen when it was added. */
const CHAT_WATCHER = `(() => {
  const state = window.__timeCode;
  state.chat = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        const m = /sync (\\d+)/.exec(node.textContent || '');
        if (m && state.last !== null)
          state.chat.push({ sent: Number(m[1]), onScreen: state.last, mode: document.querySelector('[data-testid="live-player"]').dataset.mode });
      }
  }).observe(document.querySelector('.chat-list'), { childList: true, subtree: true });
})()`;

export interface ModeResult {
  /** glass-to-glass of each frame shown after the first SETTLE_MS: shown − sent, ms */
  latencies: number[];
  /** ms from page load (WebRTC) or from pressing HLS to the first time-coded frame on screen */
  firstFrameMs: number;
  /** for each chat line: its send time − the send time of the frame on screen when it appeared, ms */
  chatAhead: number[];
}

export interface PageResult {
  webrtc: ModeResult;
  /** null when not asked for */
  hls: ModeResult | null;
  /** frames whose code did not read (check row mismatch) */
  unread: number;
  /** tip lines the page showed */
  tips: number;
}

/** Says `sync <now>` in the stream's chat every CHAT_EVERY_MS, a tip every TIP_EVERY, until stopped. */
async function chatter(wsUrl: string): Promise<{ stop(): void; errors: string[] }> {
  const ws = new WebSocket(wsUrl);
  const errors: string[] = [];
  ws.on('message', (data) => String(data).startsWith('{"type":"error"') && errors.push(String(data)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let n = 0;
  const timer = setInterval(() => {
    const tip = ++n % TIP_EVERY === 0 ? TIP : undefined;
    ws.send(JSON.stringify({ type: 'chat', message: `sync ${Date.now()}`, tip_amount: tip }));
  }, CHAT_EVERY_MS);
  return {
    errors,
    stop: () => {
      clearInterval(timer);
      ws.terminate();
    },
  };
}

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`viewer page: ${what} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Opens the stream's viewer page in headless Chromium (anonymous, as most viewers are) and reads the
 * time code of every frame it shows: `seconds` in its default WebRTC mode, then (with `hls`) `seconds`
 * after pressing HLS in the page's mode choice. Meanwhile a signed-in chatter (`chatUrl`, carrying its
 * token) says its send time in the chat, tipping now and then, so the page tells how far the chat
 * runs ahead of the picture in each mode.
 */
export async function watchViewerPage(o: {
  baseUrl: string;
  streamId: string;
  chatUrl: string;
  seconds: number;
  hls: boolean;
}): Promise<PageResult> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const close = closeOnExit(() => browser.close());
  const talk = await chatter(o.chatUrl);
  try {
    const context = await newContext(browser, { baseURL: o.baseUrl });
    const page = await context.newPage();
    await page.goto(`/stream/${o.streamId}`);
    await page.getByTestId('live-player').waitFor();
    await page.locator('.chat-list').waitFor();
    await page.evaluate(PAGE_READER);
    await page.evaluate(CHAT_WATCHER);
    const state = () =>
      page.evaluate(
        () => (window as unknown as { __timeCode: { samples: Sample[]; unread: number; chat: ChatLine[] } }).__timeCode,
      );
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    const measure = async (mode: 'webrtc' | 'hls', since: number): Promise<ModeResult> => {
      await waitFor(`no ${mode} frame was read`, async () =>
        (await state()).samples.some((s) => s.mode === mode && s.shown >= since),
      );
      await new Promise((r) => setTimeout(r, o.seconds * 1000));
      const { samples, chat } = await state();
      const mine = samples.filter((s) => s.mode === mode && s.shown >= since);
      const first = mine[0]!.shown;
      const lines = chat.filter((c) => c.mode === mode && c.sent >= first);
      return {
        firstFrameMs: first - since,
        latencies: mine.filter((s) => s.shown >= first + SETTLE_MS).map((s) => s.shown - s.sent),
        chatAhead: lines.map((c) => c.sent - c.onScreen),
      };
    };
    const webrtc = await measure('webrtc', loadedAt);
    const pressHls = () =>
      page.evaluate(() => {
        const at = Date.now();
        document.querySelectorAll<HTMLButtonElement>('.live-mode-choice button')[1]!.click();
        return at;
      });
    const hls = o.hls ? await measure('hls', await pressHls()) : null;
    if (talk.errors.length) throw new Error(`the chatter was refused: ${talk.errors[0]}`);
    const tips = await page.locator('.chat-line-tip').count();
    return { webrtc, hls, tips, unread: (await state()).unread };
  } finally {
    talk.stop();
    await close();
  }
}

interface ChatLine {
  sent: number;
  onScreen: number;
  mode: string;
}
