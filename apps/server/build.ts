/**
 * Compiles the server to JavaScript (dist/), so production runs `node dist/main.js` with no
 * TypeScript loader at run time. Our workspace packages (@app/*, published as TypeScript source) are
 * bundled in; every other package stays an import from node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds dist/ from the sources; returns how long it took, in ms. */
export async function buildServer(): Promise<number> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    entryPoints: { main: 'src/main.ts', 'cli/worker': 'src/cli/worker.ts' },
    absWorkingDir: here,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built to ${path.relative(process.cwd(), outdir) || '.'} in ${ms} ms`);
}
