import path from 'node:path';

/**
 * The folder named on the command line (`npm run <script> -- <folder>`), or the usage and exit 2. npm
 * runs workspace scripts in the workspace: a relative folder is the caller's (INIT_CWD).
 */
export function folderArgument(script: string): string {
  const arg = process.argv[2];
  if (!arg) {
    console.error(`Usage: npm run ${script} -- <folder>`);
    process.exit(2);
  }
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}
