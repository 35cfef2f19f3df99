import { spawn, spawnSync } from 'node:child_process';

export class MediaToolMissingError extends Error {}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

const found = new Map<string, string>();

/**
 * Where a tool lives: FFMPEG_PATH / FFPROBE_PATH, else the system's copy on PATH (Debian's ffmpeg
 * package, Homebrew, …). Nothing is downloaded: without ffmpeg, media work fails with a clear error.
 */
export function locate(tool: 'ffmpeg' | 'ffprobe'): string {
  const cached = found.get(tool);
  if (cached) return cached;
  const candidate = process.env[tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'] || tool;
  const check = spawnSync(candidate, ['-version'], { stdio: 'ignore' });
  if (check.error || check.status !== 0) {
    throw new MediaToolMissingError(
      `${tool} was not found. Install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg) or set ${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'}.`,
    );
  }
  found.set(tool, candidate);
  return candidate;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** 0..1, from ffmpeg's `-progress` output, when the input's duration is known */
  onProgress?: (fraction: number) => void | Promise<void>;
  durationSeconds?: number;
}

/** Runs a tool without a shell; rejects with the end of stderr when it fails or is aborted. */
export function run(tool: 'ffmpeg' | 'ffprobe', args: string[], opts: RunOptions = {}): Promise<string> {
  const bin = locate(tool);
  const withProgress = tool === 'ffmpeg' && opts.onProgress && opts.durationSeconds ? ['-progress', 'pipe:1', '-nostats', ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, withProgress, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      const text = d.toString();
      if (opts.onProgress && opts.durationSeconds) {
        for (const m of text.matchAll(/out_time_us=(\d+)/g)) {
          void opts.onProgress(Math.min(1, Number(m[1]) / 1e6 / opts.durationSeconds));
        }
      } else {
        stdout += text;
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('error', (err) => reject(new FfmpegError(`${tool} failed to run: ${err.message}`, stderr)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new FfmpegError(`${tool} exited with ${code}: ${lastLine(stderr)}`, stderr));
    });
  });
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';
