import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../testing/test-app.ts';

/** A process that has run and ended: its pid names nobody now (pids are not reused this quickly). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe.each(testDialects)('temp folders at start on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-temp-sweep-'));
  const sibling = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  afterAll(() => {
    sibling.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sweeps at once the folder of a killed process, and keeps those of a live sibling and of other hosts', async () => {
    const tmp = path.join(dataDir, 'tmp');
    const host = os.hostname();
    const folder = (name: string) => {
      fs.mkdirSync(path.join(tmp, name), { recursive: true });
      fs.writeFileSync(path.join(tmp, name, 'upload-half'), 'half an upload');
      return name;
    };
    const killed = folder(`${await deadPid()}-0123abcd@${host}`);
    const live = folder(`${sibling.pid}-0123abcd@${host}`);
    const elsewhere = folder(`${await deadPid()}-0123abcd@another-host`);

    const t = await createTestApp(dialect, { DATA_DIR: dataDir });
    try {
      const left = fs.readdirSync(tmp);
      expect(left).not.toContain(killed);
      expect(left).toEqual(expect.arrayContaining([live, elsewhere, path.basename(t.ctx.tempDir)]));
      expect(path.basename(t.ctx.tempDir)).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{8}@`));
    } finally {
      await t.close();
    }
  });
});
