import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether Debian's `nginx` package is installed (`.ci/run` installs it). */
export const hasNginx = (): boolean => spawnSync('nginx', ['-v']).status === 0;

/**
 * Debian's nginx in the foreground with one worker, serving `site` (the inside of an `http {}`
 * block: servers, upstreams) with every file it writes in a temp folder of its own. Resolves once
 * `readyUrl` answers.
 */
export async function startNginx(site: string, readyUrl: string): Promise<{ stop(): Promise<void> }> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-nginx-'));
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log off;`,
      // nginx ends a client's keep-alive connection after 1,000 requests; a load generator that has
      // already sent the next one sees a reset, which is the load generator's, not a dropped read
      '  keepalive_requests 1000000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
      `  include ${prefix}/site.conf;`,
      '}',
    ].join('\n'),
  );
  // in the foreground, so it is this child; as root, its workers would go to "nobody", who cannot use this folder
  const globals = process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', globals], {
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async stop() {
      child.kill('SIGTERM'); // fast shutdown: a graceful one would wait for open sockets
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
