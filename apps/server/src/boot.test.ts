import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const boot = path.join(import.meta.dirname, 'boot.ts');

/**
 * A child process with the server's logger on its stdout (a pipe, as under a process manager), running
 * `script` after making it; resolves with the stdout lines once `until` holds or the child has exited.
 */
function logFromChild(script: string, until: (lines: string[]) => boolean) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { createLogger, flushLog } = await import(${JSON.stringify(boot)});
       const { loadConfig } = await import(${JSON.stringify(path.join(import.meta.dirname, 'config.ts'))});
       const log = createLogger(loadConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }));
       ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  let rest = '';
  return new Promise<string[]>((resolve, reject) => {
    // a line that never comes fails the test, and the child goes with it
    const giveUp = setTimeout(() => {
      child.kill();
      reject(new Error(`no more lines after ${JSON.stringify(lines)}`));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
      if (until(lines)) {
        child.kill();
        resolve(lines);
      }
    });
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(giveUp);
      resolve(lines);
    });
  });
}

const messages = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { msg: string }).msg);

describe('the server log', { timeout: 45_000 }, () => {
  it('writes a line of a quiet process out by itself, without waiting for more lines to fill its batch', async () => {
    // the process stays up (as a server does) and logs nothing more
    const lines = await logFromChild(`log.info('alone'); setInterval(() => {}, 1000);`, (l) => l.length >= 1);
    expect(messages(lines)).toEqual(['alone']);
  });

  it('writes every pending line before a stopping process exits, many lines in order', async () => {
    // as main.ts stops: a burst of lines (a batch is being written while the rest wait), then exit
    const lines = await logFromChild(
      `for (let i = 0; i < 500; i++) log.info('line ' + i); log.warn('last'); await flushLog(log); process.exit(0);`,
      () => false,
    );
    expect(messages(lines)).toEqual([...Array.from({ length: 500 }, (_, i) => `line ${i}`), 'last']);
  });

  it('writes the lines of the last moment when a process exits without a flush (a crash, a forced exit)', async () => {
    // the lines wait for the end of their event-loop turn, which this process never reaches
    const lines = await logFromChild(
      `log.info('before'); await new Promise((r) => setTimeout(r, 50)); log.info('one'); log.error('two'); process.exit(1);`,
      () => false,
    );
    expect(messages(lines)).toEqual(['before', 'one', 'two']);
  });
});
