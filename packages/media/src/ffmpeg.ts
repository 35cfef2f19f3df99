import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { DEFAULT_MEDIA_LIMITS } from './limits.ts';

export type MediaTool = 'ffmpeg' | 'ffprobe';

/** Neither the env override, the system PATH nor an npm binary package gave a working tool. */
export class MediaToolMissingError extends Error {
  override name = 'MediaToolMissingError';
}

/** ffmpeg/ffprobe ran and failed; `stderrTail` holds the end of its log for the job's failure reason. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
  ) {
    super(message);
  }
}

const ENV_OVERRIDE: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

// Packages whose tarballs carry a prebuilt binary (picked per platform through their own
// optionalDependencies), so nothing is downloaded at install. They are not dependencies of this
// package: a deployment that has no system ffmpeg can add them and they are picked up here.
const NPM_BINARY_PACKAGE: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const located = new Map<string, Promise<string>>();

/**
 * The command to run for a tool: `FFMPEG_PATH` / `FFPROBE_PATH` when set (and then only that, so a
 * wrong setting fails loudly instead of silently using another build), else the system's copy on
 * PATH, else the binary inside an installed npm package. The answer is cached per process.
 */
export function locate(tool: MediaTool): Promise<string> {
  const override = process.env[ENV_OVERRIDE[tool]] || '';
  const key = `${tool}\0${override}`;
  let found = located.get(key);
  if (!found) {
    found = findTool(tool, override);
    located.set(key, found);
    // A failure is not cached: the operator may install ffmpeg without restarting the server.
    found.catch(() => located.delete(key));
  }
  return found;
}

async function findTool(tool: MediaTool, override: string): Promise<string> {
  if (override) {
    if (await answersVersion(override)) return override;
    throw new MediaToolMissingError(`${ENV_OVERRIDE[tool]} is set to "${override}", which does not run as ${tool}.`);
  }
  if (await answersVersion(tool)) return tool;
  const packaged = await binaryFromNpm(tool);
  if (packaged && (await answersVersion(packaged))) return packaged;
  throw new MediaToolMissingError(
    `${tool} was not found. Install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), ` +
      `set ${ENV_OVERRIDE[tool]}, or add the npm package ${NPM_BINARY_PACKAGE[tool]}.`,
  );
}

function answersVersion(command: string, flag = '-version'): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, [flag], { timeout: 10_000 }, (err) => resolve(!err));
  });
}

async function binaryFromNpm(tool: MediaTool): Promise<string | null> {
  try {
    // A computed specifier keeps TypeScript and bundlers from requiring the optional package.
    const specifier = NPM_BINARY_PACKAGE[tool];
    const mod = (await import(/* @vite-ignore */ specifier)) as { path?: unknown; default?: { path?: unknown } };
    const binary = mod.default?.path ?? mod.path;
    return typeof binary === 'string' ? binary : null;
  } catch {
    return null;
  }
}

export interface RunOptions {
  /** Aborting kills the process (SIGTERM, then SIGKILL) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** 0..1 of `durationSeconds`, read from ffmpeg's `-progress` stream. */
  onProgress?: (fraction: number) => void | Promise<void>;
  /** The input's duration; progress is only reported when it is known. */
  durationSeconds?: number;
  /** Wall time: past it the process is killed and the run fails. None by default (a test pattern, a benchmark). */
  timeoutMs?: number;
  /** Address-space cap in MiB (see spawnMediaTool); the default limit's unless given, 0 for none. */
  memoryLimitMb?: number;
}

const STDERR_TAIL_CHARS = 4000;
const KILL_GRACE_MS = 2000;

/** Runs ffmpeg (no shell, arguments passed as-is); resolves when it exits with status 0. */
export async function runFfmpeg(args: string[], opts: RunOptions = {}): Promise<void> {
  const reportsProgress = Boolean(opts.onProgress && opts.durationSeconds && opts.durationSeconds > 0);
  // Progress goes to stdout as key=value lines; -nostats keeps the human progress line out of stderr.
  const fullArgs = reportsProgress ? ['-nostats', '-progress', 'pipe:1', ...args] : args;
  // Without progress, stdout is dropped rather than collected: an output written to pipe:1 could be huge.
  const ignore = () => undefined;
  await runTool(
    'ffmpeg',
    fullArgs,
    opts,
    reportsProgress ? progressParser(opts.durationSeconds!, opts.onProgress!) : ignore,
  );
}

type ProbeRunOptions = Pick<RunOptions, 'signal' | 'timeoutMs' | 'memoryLimitMb'>;

/** Runs ffprobe and returns what it printed on stdout. */
export async function runFfprobe(args: string[], opts: ProbeRunOptions = {}): Promise<string> {
  return (await runTool('ffprobe', args, opts)).stdout;
}

/** The same, with the end of its log: a decoder's refusal is only logged while ffprobe still succeeds. */
export function runFfprobeWithLog(
  args: string[],
  opts: ProbeRunOptions = {},
): Promise<{ stdout: string; stderrTail: string }> {
  return runTool('ffprobe', args, opts);
}

/** Either tool; kept for callers that pick the tool at run time (benchmarks). */
export async function run(tool: MediaTool, args: string[], opts: RunOptions = {}): Promise<string> {
  if (tool === 'ffprobe') return runFfprobe(args, opts);
  await runFfmpeg(args, opts);
  return '';
}

let prlimitFound: Promise<boolean> | undefined;

/**
 * Starts a tool (no shell). With a memory cap on Linux it runs under `prlimit --as`, so a decoder fed
 * a decompression bomb fails its allocation instead of taking the machine's memory. glibc reserves
 * 64 MiB of address space per malloc arena (up to 8 per core), which would count against the cap
 * on a many-core machine: the child gets a few arenas only. Elsewhere, or without prlimit, the tool
 * runs uncapped and the frame, duration and time limits are what bound it.
 */
export async function spawnMediaTool(
  tool: MediaTool,
  args: string[],
  opts: { cwd?: string; memoryLimitMb?: number } = {},
): Promise<ChildProcessWithoutNullStreams> {
  const command = await locate(tool);
  const memoryLimitMb = opts.memoryLimitMb ?? DEFAULT_MEDIA_LIMITS.memoryLimitMb;
  prlimitFound ??= process.platform === 'linux' ? answersVersion('prlimit', '--version') : Promise.resolve(false);
  const capped = memoryLimitMb > 0 && (await prlimitFound);
  const [file, argv] = capped
    ? ['prlimit', [`--as=${memoryLimitMb * 1024 * 1024}`, '--', command, ...args]]
    : [command, args];
  const env = capped ? { ...process.env, MALLOC_ARENA_MAX: '4' } : process.env;
  return spawn(file, argv, { cwd: opts.cwd, env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
}

async function runTool(
  tool: MediaTool,
  args: string[],
  opts: RunOptions,
  onStdout?: (text: string) => void,
): Promise<{ stdout: string; stderrTail: string }> {
  const { signal, timeoutMs } = opts;
  signal?.throwIfAborted();
  const child = await spawnMediaTool(tool, args, { memoryLimitMb: opts.memoryLimitMb });
  // Nothing is fed to a run; a tool that failed to start may refuse even the end of its input.
  child.stdin.on('error', () => undefined);
  child.stdin.end();

  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    let timedOut = false;

    const stop = () => {
      child.kill('SIGTERM');
      // ffmpeg normally stops on SIGTERM at once; a wedged input read may not, hence the backstop.
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', stop, { once: true });
    const deadline = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, timeoutMs)
      : undefined;
    if (signal?.aborted) stop();

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (onStdout) onStdout(text);
      else stdout += text;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
    });

    const finish = () => {
      signal?.removeEventListener('abort', stop);
      if (killTimer) clearTimeout(killTimer);
      if (deadline) clearTimeout(deadline);
    };
    child.on('error', (err) => {
      finish();
      reject(new FfmpegError(`${tool} could not start: ${err.message}`, stderr, null));
    });
    child.on('close', (code, killedBy) => {
      finish();
      if (signal?.aborted) reject(abortReason(signal));
      else if (timedOut)
        reject(
          new FfmpegError(
            `${tool} ran past its time limit of ${Math.ceil(timeoutMs! / 1000)} s and was stopped`,
            stderr,
            code,
          ),
        );
      else if (code === 0) resolve({ stdout, stderrTail: stderr });
      else
        reject(
          new FfmpegError(
            `${tool} ${code === null ? `was killed by ${killedBy}` : `exited with ${code}`}: ${lastLine(stderr)}`,
            stderr,
            code,
          ),
        );
    });
  });
}

/** ffmpeg's -progress blocks: `out_time_us=…` lines, each block ending with `progress=continue|end`. */
function progressParser(
  durationSeconds: number,
  onProgress: (fraction: number) => void | Promise<void>,
): (text: string) => void {
  let partial = '';
  let last = -1;
  const report = (fraction: number) => {
    if (fraction <= last) return;
    last = fraction;
    // A failing progress callback must not break the transcode; the job reports its own errors.
    Promise.resolve(onProgress(fraction)).catch(() => undefined);
  };
  return (text) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=', 2);
      if (key === 'out_time_us' && value && /^\d+$/.test(value))
        report(Math.min(1, Number(value) / 1e6 / durationSeconds));
      else if (key === 'progress' && value === 'end') report(1);
    }
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';
