import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';
import { serverLayers } from './layers.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Lints `code` as if it were the file at `file` (repository-relative), with only the layering rules. */
async function problems(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
      },
      ...serverLayers,
      {
        files: ['apps/web/**/*.{ts,tsx}'],
        plugins: { boundaries },
        rules: { 'boundaries/web-feature-imports': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.message);
}

const QUERY = "export const rows = (db: any) => db.selectFrom('follows').selectAll().execute();";

describe('the layering rules', () => {
  it('refuse SQL outside a repository, and allow it in one, in the database layer and in tests', async () => {
    expect(await problems('apps/server/src/modules/follows/follows.service.ts', QUERY)).toEqual([
      'Build SQL in a *.repository.ts file.',
    ]);
    expect(await problems('apps/server/src/live/chat-hub.ts', "import { sql } from 'kysely';")).toHaveLength(1);
    expect(
      await problems('apps/server/src/modules/follows/follows.service.ts', "import type { Kysely } from 'kysely';"),
    ).toEqual([]);
    for (const file of ['modules/follows/follows.repository.ts', 'db/database.ts', 'modules/follows/follows.test.ts'])
      expect(await problems(`apps/server/src/${file}`, QUERY)).toEqual([]);
  });

  it("keep the ledger's tables to the ledger module", async () => {
    const read = "export const q = (db: any) => db.selectFrom('ledger_entries as e').selectAll().execute();";
    expect(await problems('apps/server/src/modules/clips/clips.repository.ts', read)).toEqual([
      "The ledger's tables are read and written through the ledger module.",
    ]);
    expect(await problems('apps/server/src/modules/ledger/ledger.repository.ts', read)).toEqual([]);
  });

  it("refuse a web feature reaching into another's internals or a shared layer importing a feature", async () => {
    const internals = "import { VideoCard } from '../../videos/components/video-card.tsx';";
    expect(await problems('apps/web/src/features/clips/components/x.tsx', internals)).toEqual([
      "'../../videos/components/video-card.tsx' reaches into the internals of feature 'videos': import it from its index.ts.",
    ]);
    const viaIndex = "import { VideoGrid } from '../../videos/index.ts';";
    expect(await problems('apps/web/src/features/users/components/x.tsx', viaIndex)).toEqual([]);
    const own = "import { VideoCard } from './video-card.tsx';";
    expect(await problems('apps/web/src/features/videos/components/x.tsx', own)).toEqual([]);
    const shared = "import { VideoGrid } from '../features/videos/index.ts';";
    expect(await problems('apps/web/src/components/x.tsx', shared)).toHaveLength(1);
    const page = "import { CreatorDashboard } from '../features/analytics/components/creator-dashboard.tsx';";
    expect(await problems('apps/web/src/app/router.tsx', page)).toEqual([]);
  });
});
