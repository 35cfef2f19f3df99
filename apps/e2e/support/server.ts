import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../server/src/db/database.ts';
import { createFreshDatabase, type FreshDatabase } from '../../server/src/testing/fresh-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  url: string;
  pid: number;
  /** what a second server process needs to join this one (same data, database and Redis keys) */
  joinEnv: Record<string, string>;
  /** SIGKILL, as a crash or an OOM kill would: nothing is flushed or closed, and the data stays for a restart */
  kill(): Promise<void>;
  /** SIGTERM, as a deploy or `systemctl restart` does: the process stops gracefully, and the data stays for a restart */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in 60 s:\n${log()}`);
}

// The child gets a fresh database of its own, never the shared one named by DATABASE_URL.
const withoutDatabaseUrl = ({ DATABASE_URL: _, ...env }: NodeJS.ProcessEnv) => env;

export interface StartOptions {
  /** fills the fresh, migrated database before the server opens it */
  prepare?: (db: Db) => Promise<void>;
  /** listen here instead of on a free port (a process restarted in place, behind a proxy) */
  port?: number;
  /** more options for node itself, such as `--cpu-prof` */
  nodeArgs?: string[];
  /**
   * The server's standard output goes to a file in its data folder, as a service's log does, instead
   * of through a pipe to this process: under load its access lines (megabytes a second) would
   * otherwise be read here, by the process that also runs the load generator.
   */
  logToFile?: boolean;
}

/** The server's output is kept for error messages only: the last 64 KB of it. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * The last OUTPUT_KEPT bytes of a stream, kept as the chunks that arrived and decoded only when asked
 * (when something failed), instead of copying the whole kept text again at every chunk.
 */
function outputTail(): { keep(chunk: Buffer): void; text(): string } {
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    keep(chunk) {
      chunks.push(chunk);
      bytes += chunk.length;
      while (chunks.length > 1 && bytes - chunks[0]!.length >= OUTPUT_KEPT) bytes -= chunks.shift()!.length;
    },
    text: () => Buffer.concat(chunks).toString().slice(-OUTPUT_KEPT),
  };
}

/** The last OUTPUT_KEPT bytes of a file, as text. */
function fileTail(file: string): string {
  const text = fs.readFileSync(file);
  return text.subarray(Math.max(0, text.length - OUTPUT_KEPT)).toString();
}

/** What ships: the production build (`npm run build`), run the way `npm start` runs it. */
const SERVER_ENTRY = 'apps/server/dist/main.js';

/** The real server, as built, as a child process on a free port, with its own data folder and database. */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(repoRoot, SERVER_ENTRY)))
    throw new Error('The server is not built: run `npm run build` (the browser tests build it themselves)');
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build -w apps/web` (npm test does it)');
  }
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-e2e-'));
  const fresh: FreshDatabase | null = await createFreshDatabase();
  const output = outputTail();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    REDIS_PREFIX: `e2e-${port}:`,
    ...extraEnv,
  };
  if (options.prepare) {
    const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      await migrateToLatest(handle.db);
      await options.prepare(handle.db);
    } finally {
      await handle.close();
    }
  }
  const logFile = options.logToFile ? path.join(dataDir, 'server.log') : undefined;
  const logFd = logFile === undefined ? undefined : fs.openSync(logFile, 'a', 0o600);
  const child = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: repoRoot,
    env: {
      ...withoutDatabaseUrl(process.env),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      RATE_LIMIT_MAX: '10000',
      // every browser of the suite connects and signs up from 127.0.0.1
      WS_UPGRADES_PER_MINUTE: '10000',
      REGISTER_MAX_PER_IP: '10000',
      WALLET_SIGNIN_MAX_PER_IP: '10000',
      LOGIN_MAX_PER_IP: '10000',
      WELCOME_BONUS_PER_NETWORK_DAY: '10000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RTMP_HOST: '127.0.0.1',
      RTMP_PORT: '0', // a free port: several test servers run side by side
      ...env,
    },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) fs.closeSync(logFd); // the child holds its own copy
  child.stdout?.on('data', output.keep);
  child.stderr?.on('data', output.keep);
  await waitForHealth(url, child, () => (logFile === undefined ? '' : fileTail(logFile)) + output.text());
  return {
    url,
    pid: child.pid!,
    joinEnv: {
      DATA_DIR: env.DATA_DIR!,
      REDIS_PREFIX: env.REDIS_PREFIX!,
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    },
    async kill() {
      await signal(child, 'SIGKILL');
    },
    async halt() {
      await signal(child, 'SIGTERM');
    },
    async stop() {
      await signal(child, 'SIGTERM');
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a signal to a child that is still running and waits for it to end. */
async function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(name);
  await exited;
}

/**
 * A connection of its own to a server's database (its SQLite file or its PostgreSQL database), to
 * check what the server wrote; on SQLite it reads beside the running server, as WAL allows.
 */
export function openServerDatabase(server: RunningServer): DatabaseHandle {
  return openDatabase({ databaseUrl: server.joinEnv.DATABASE_URL, dataDir: server.joinEnv.DATA_DIR!, poolSize: 2 });
}

/** Runs the admin CLI against a running server's data, as an operator would (e.g. to grant staff). */
export async function runAdminCli(server: RunningServer, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...withoutDatabaseUrl(process.env), NODE_ENV: 'test', LOG_LEVEL: 'warn', ...server.joinEnv },
      },
      (err, stdout, stderr) => (err ? reject(new Error(`admin ${args.join(' ')} failed: ${stderr}`)) : resolve(stdout)),
    );
  });
}
