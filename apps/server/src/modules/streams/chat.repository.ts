import type { Executor } from '../../db/database.ts';
import type { StreamChatMessagesTable } from './streams.tables.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

/** A stream's latest chat messages, newest first, with their senders' public names. */
export function latestChatMessages(db: Executor, streamId: string, limit: number) {
  return db
    .selectFrom('stream_chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.message', 'm.tip_amount', 'm.created_at', 'u.username', 'u.wallet_address'])
    .where('m.stream_id', '=', streamId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertChatMessage(db: Executor, row: StreamChatMessagesTable): Promise<void> {
  await insertMessage(db, row.id, row.stream_id, row.user_id, row.message, row.tip_amount, row.created_at);
}

// Every chat message: built once.
const insertMessage = preparedQuery(
  (
    db,
    id: string,
    stream_id: string,
    user_id: string,
    message: string,
    tip_amount: number | null,
    created_at: string,
  ) => db.insertInto('stream_chat_messages').values({ id, stream_id, user_id, message, tip_amount, created_at }),
);
