import { spawn } from 'node:child_process';
import path from 'node:path';
import { closeOnExit } from './cleanup.ts';

/**
 * Runs one of the ceiling servers in lib/ (a script that listens on a free loopback port and prints
 * `{"port": N}`) in a process of its own, like the real server it is compared with.
 */
export async function startChildServer(script: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(String(d)) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    port,
    stop: closeOnExit(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  };
}
