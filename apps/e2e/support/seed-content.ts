import type { Db } from '../../server/src/db/database.ts';
import { newId } from '../../server/src/lib/ids.ts';
import { insertChatMessage } from '../../server/src/modules/streams/chat.repository.ts';
import { createUser } from '../../server/src/modules/users/users.service.ts';
import { insertClip, insertEndedStream, insertVideo } from '../../server/src/testing/fixtures.ts';

/** User text in two directions: Latin titles for a right-to-left interface, Perso-Arabic ones for a left-to-right one. */
export const MIXED = {
  englishTitle: 'Monsoon ragas, live from Pune!',
  urduTitle: 'اردو غزل کی شام!',
  clipTitle: 'Best taan (2 min)',
  streamTitle: 'Evening qawwali: سُر اور تال',
  urduChat: 'واہ! بہت خوب۔',
  englishChat: 'What a voice!',
  creator: 'rehan_studio',
  listener: 'amira_listens',
} as const;

export interface SeededContent {
  creatorId: string;
  englishVideoId: string;
  urduVideoId: string;
  clipId: string;
  streamId: string;
}

/**
 * A creator with a video titled in English and one in Urdu, a clip, and an ended stream whose chat
 * has a message in each script: pages that show people's own text, with something on them.
 */
export async function seedMixedContent(db: Db): Promise<SeededContent> {
  return db.transaction().execute(async (trx) => {
    const creator = await createUser(trx, {
      username: MIXED.creator,
      email: 'rehan@example.com',
      role: 'user',
      welcomeBonus: false,
    });
    const listener = await createUser(trx, {
      username: MIXED.listener,
      email: 'amira@example.com',
      role: 'user',
      welcomeBonus: false,
    });
    const english = await insertVideo(trx, creator.id, {
      title: MIXED.englishTitle,
      description: 'Raag Megh in the rain. راگ میگھ',
      category: 'Music',
      tags: JSON.stringify(['monsoon', 'موسیقی']),
    });
    const urdu = await insertVideo(trx, creator.id, {
      title: MIXED.urduTitle,
      description: 'غالب کی غزلیں، with English notes.',
      category: 'Music',
      tags: JSON.stringify(['ghazal', 'اردو']),
    });
    const clip = await insertClip(trx, creator.id, english.id, { title: MIXED.clipTitle, category: 'Music' });
    const stream = await insertEndedStream(trx, creator.id, { title: MIXED.streamTitle, category: 'Music' });
    const at = new Date().toISOString();
    for (const [user, message] of [
      [listener.id, MIXED.urduChat],
      [listener.id, MIXED.englishChat],
    ] as const) {
      await insertChatMessage(trx, {
        id: newId(),
        stream_id: stream.id,
        user_id: user,
        message,
        tip_amount: null,
        created_at: at,
      });
    }
    return {
      creatorId: creator.id,
      englishVideoId: english.id,
      urduVideoId: urdu.id,
      clipId: clip.id,
      streamId: stream.id,
    };
  });
}
