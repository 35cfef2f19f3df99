import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createCidHasher, generateTestVideo } from '@app/media';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { createUser, noUsersYet } from '../users/users.service.ts';
import { createVideoFromUpload } from '../videos/upload.service.ts';
import { DEMO_CREATORS, DEMO_VIDEOS } from './demo-content.ts';
import { writeTransaction } from '../../db/group-commit.ts';

const SECONDS = 8;

/** True when nobody has signed up yet: the only time demo content is offered automatically. */
export async function databaseIsEmpty(ctx: AppContext): Promise<boolean> {
  return noUsersYet(ctx.db);
}

/**
 * Demo creators and videos made with ffmpeg, uploaded through the same path as a person's upload
 * (CID, blob, reward, transcode job). Demo accounts get random passwords: nobody can sign in as them.
 */
export async function seedDemo(ctx: AppContext): Promise<number> {
  const creators: UsersTable[] = [];
  for (const c of DEMO_CREATORS) {
    const passwordHash = await ctx.passwords.hash(randomBytes(24).toString('base64url'));
    creators.push(
      await writeTransaction(ctx.db, (trx) =>
        createUser(trx, { username: c.username, email: c.email, passwordHash, role: 'user', welcomeBonus: true }),
      ),
    );
  }
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const file = path.join(ctx.tempDir, `demo-${i}.mp4`);
    await generateTestVideo(file, { seconds: SECONDS, width: 1280, height: 720, pattern: v.pattern, tone: v.tone });
    const hasher = createCidHasher();
    for await (const chunk of fs.createReadStream(file)) hasher.update(chunk as Buffer);
    await createVideoFromUpload(ctx, creators[v.creator]!, {
      tempPath: file,
      size: fs.statSync(file).size,
      cid: hasher.digest(),
      filename: path.basename(file),
      declaredType: 'video/mp4',
      fields: { title: v.title, description: v.description, category: v.category, tags: JSON.stringify(v.tags) },
    });
  }
  return DEMO_VIDEOS.length;
}
