import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { locate } from '@app/media';

/**
 * A picture that carries the wall-clock time it was made. The publisher draws small grey frames
 * (scaled up ×4 to 1280×720 by its encoder) whose top half holds the low 32 bits of Date.now() as
 * a row of black/white cells, with the same bits inverted in a second row as a check. With `noise`,
 * the bottom quarter is fresh noise every frame, so the encoders spend a broadcaster's bitrate (the
 * stream is capped at 3 Mb/s by the live transcode); without, the picture costs the encoders little,
 * which keeps a latency measurement on a busy machine from measuring the encoders' CPU starvation. A viewer that reads the cells of the frame on screen
 * knows how old it is: glass-to-glass latency on one machine, one clock.
 */
export const CODE = {
  width: 320,
  height: 180,
  bits: 32,
  cellWidth: 10,
  /** top and bottom of the bits row and of the inverted row, in source pixels */
  rows: [
    [20, 60],
    [80, 120],
  ],
  noiseFrom: 135,
} as const;

export const FRAME_RATE = 30;

function drawFrame(frame: Buffer, now: number, noise: boolean): void {
  const { width, bits, cellWidth, rows, noiseFrom } = CODE;
  frame.fill(128);
  const code = now % 2 ** 32;
  rows.forEach(([top, bottom], row) => {
    for (let bit = 0; bit < bits; bit++) {
      const on = Math.floor(code / 2 ** (bits - 1 - bit)) % 2 === 1 ? row === 0 : row === 1;
      for (let y = top; y < bottom; y++)
        frame.fill(on ? 235 : 16, y * width + bit * cellWidth, y * width + (bit + 1) * cellWidth);
    }
  });
  if (noise) randomFillSync(frame, noiseFrom * width);
}

export interface TimeCodePublisher {
  /** frames written so far */
  readonly frames: number;
  /** frames skipped so far because a whole earlier frame still waited for the encoder */
  readonly skipped: number;
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): void;
}

/**
 * Publishes time-coded frames to `rtmpUrl` at FRAME_RATE until stopped, with a tone, as a
 * broadcaster's encoder would (x264 zerolatency, a keyframe a second, up to 3 Mb/s, AAC, FLV over RTMP). Frame n is drawn and written
 * at start + n / FRAME_RATE (late frames are written at once), so its stream time keeps to the wall clock.
 */
export async function publishTimeCode(rtmpUrl: string, o: { noise: boolean }): Promise<TimeCodePublisher> {
  const { width, height } = CODE;
  const args = [
    ['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray', '-use_wallclock_as_timestamps', '1'],
    ['-video_size', `${width}x${height}`, '-framerate', String(FRAME_RATE), '-i', 'pipe:0'],
    ['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ['-vf', 'scale=1280:720:flags=neighbor,format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ['-tune', 'zerolatency', '-g', String(FRAME_RATE), '-b:v', '3000k', '-maxrate', '3000k', '-bufsize', '1000k'],
    ['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', rtmpUrl],
  ].flat();
  const child = spawn(await locate('ffmpeg'), args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.stdin.on('error', () => undefined); // ffmpeg gone: its exit says why
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  const start = Date.now();
  let frames = 0;
  let skipped = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (child.stdin.writableLength >= width * height) skipped++;
    else {
      // a fresh buffer each frame: the pipe may still hold the previous one
      const frame = Buffer.allocUnsafe(width * height);
      drawFrame(frame, Date.now(), o.noise);
      child.stdin.write(frame);
      frames++;
    }
    timer = setTimeout(tick, Math.max(0, start + ((frames + skipped) * 1000) / FRAME_RATE - Date.now()));
  };
  tick();
  void exited.then(() => clearTimeout(timer));
  return {
    get frames() {
      return frames;
    },
    get skipped() {
      return skipped;
    },
    exited,
    stop: () => {
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGTERM');
    },
  };
}

/**
 * The in-page reader (a script for page.evaluate, plain JavaScript since it runs in the browser):
 * from the first frame on, on every frame the video element presents (requestVideoFrameCallback)
 * it draws the frame into a small canvas, reads the cells and keeps {shown, code, mode}, where
 * shown is when the frame was to be on screen and mode the player's data-mode then. Frames whose
 * check row does not match are counted as unread.
 */
export const PAGE_READER = `(() => {
  const C = ${JSON.stringify(CODE)};
  const video = document.querySelector('[data-testid="live-player"]');
  const canvas = document.createElement('canvas');
  canvas.width = C.width;
  canvas.height = C.height;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const state = { samples: [], unread: 0, last: null };
  window.__timeCode = state;
  const read = () => {
    g.drawImage(video, 0, 0, C.width, C.height);
    const px = g.getImageData(0, 0, C.width, C.height).data;
    const bit = (row, i) => {
      const [top, bottom] = C.rows[row];
      const x = i * C.cellWidth + C.cellWidth / 2;
      const y = Math.round((top + bottom) / 2);
      return px[(y * C.width + x) * 4] > 128 ? 1 : 0;
    };
    let code = 0;
    for (let i = 0; i < C.bits; i++) {
      const b = bit(0, i);
      if (b === bit(1, i)) return null;
      code = code * 2 + b;
    }
    return code;
  };
  const onFrame = (_now, meta) => {
    const code = read();
    const shown = performance.timeOrigin + meta.expectedDisplayTime;
    if (code === null) state.unread++;
    else {
      // the low 32 bits of the send time: the full time is the latest one with those bits before now
      const sent = shown - ((((shown - code) % 2 ** 32) + 2 ** 32) % 2 ** 32);
      state.last = sent;
      state.samples.push({ shown, sent, mode: video.dataset.mode });
    }
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
})()`;

export interface Sample {
  shown: number;
  sent: number;
  mode: string;
}

/**
 * The in-page publisher (a script for page.evaluate, plain JavaScript since it runs in the browser):
 * draws the time code in the same cells as the RTMP publisher, scaled ×4 onto a 1280×720 canvas, every
 * 1 / FRAME_RATE s, and sets `window.__timeCodeCanvas` to `{ stream, frames }`: the canvas's captured
 * picture at FRAME_RATE with a quiet 440 Hz tone (WebAudio), as a camera and microphone would give, and
 * the frames drawn so far. The page needs `--autoplay-policy=no-user-gesture-required` for the tone.
 */
export const PAGE_PUBLISHER = `(() => {
  const C = ${JSON.stringify(CODE)};
  const scale = 4;
  const canvas = document.createElement('canvas');
  canvas.width = C.width * scale;
  canvas.height = C.height * scale;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const state = { frames: 0 };
  const draw = () => {
    const code = Date.now() % 2 ** 32;
    g.fillStyle = 'rgb(128,128,128)';
    g.fillRect(0, 0, canvas.width, canvas.height);
    C.rows.forEach(([top, bottom], row) => {
      for (let bit = 0; bit < C.bits; bit++) {
        const on = Math.floor(code / 2 ** (C.bits - 1 - bit)) % 2 === 1 ? row === 0 : row === 1;
        g.fillStyle = on ? 'rgb(235,235,235)' : 'rgb(16,16,16)';
        g.fillRect(bit * C.cellWidth * scale, top * scale, C.cellWidth * scale, (bottom - top) * scale);
      }
    });
    state.frames++;
  };
  draw();
  setInterval(draw, 1000 / ${FRAME_RATE});
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  const sound = audio.createMediaStreamDestination();
  tone.frequency.value = 440;
  gain.gain.value = 0.1;
  tone.connect(gain).connect(sound);
  tone.start();
  state.stream = new MediaStream([...canvas.captureStream(${FRAME_RATE}).getVideoTracks(), ...sound.stream.getAudioTracks()]);
  window.__timeCodeCanvas = state;
})()`;
