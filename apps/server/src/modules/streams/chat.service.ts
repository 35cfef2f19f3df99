import {
  ChatSendSchema,
  issueError,
  StreamLimits,
  microToTokens,
  tokensToMicro,
  type ChatMessage,
  type ChatServerFrame,
  type ErrorCode,
  type ErrorParams,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { transfer, userAccountId } from '../ledger/ledger.service.ts';
import { notifyWithin, pushCommitted } from '../notifications/notifications.service.ts';
import { recordEngagement } from '../viewing/rewards.service.ts';
import { insertChatMessage, latestChatMessages } from './chat.repository.ts';
import { findStream } from './streams.repository.ts';
import { StreamEarningKinds } from './streams.service.ts';
import { writeTransaction } from '../../db/group-commit.ts';

/** A refusal sent back to the one sender as an `error` frame; nothing is broadcast. */
export class ChatRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly specifics: { field?: string; params?: ErrorParams } = {},
  ) {
    super(message);
  }

  /** the `error` frame: the code the client translates, the English message as its fallback */
  toFrame(): ChatServerFrame {
    return { type: 'error', code: this.code, message: this.message, ...this.specifics };
  }
}

export async function recentMessages(ctx: AppContext, streamId: string): Promise<ChatMessage[]> {
  const rows = await latestChatMessages(ctx.db, streamId, StreamLimits.chatHistory);
  return rows.reverse().map((r) => ({
    id: r.id,
    username: r.username,
    user_wallet: r.wallet_address,
    message: r.message,
    tip_amount: r.tip_amount === null ? null : microToTokens(Number(r.tip_amount)),
    timestamp: r.created_at,
  }));
}

/**
 * A chat message, checked and stored; with a tip, the transfer to the streamer happens in the same
 * transaction, so a short balance refuses the whole message and nothing is shown.
 */
export async function postMessage(
  ctx: AppContext,
  streamId: string,
  sender: UsersTable,
  frame: unknown,
): Promise<ChatMessage> {
  const parsed = ChatSendSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) throw new ChatRefusal('invalid_value', 'Invalid message');
    const { code, detail, field, params } = issueError(issue);
    throw new ChatRefusal(code, detail, { ...(field ? { field } : {}), ...(params ? { params } : {}) });
  }
  const { message, tip_amount } = parsed.data;
  const tipMicro = tip_amount ? tokensToMicro(tip_amount) : null;
  const at = ctx.clock.iso();
  const id = newOrderedId();
  const notice = await writeTransaction(ctx.db, async (trx) => {
    const stream = await findStream(trx, streamId);
    if (!stream) throw new ChatRefusal('stream_not_found', 'Stream not found');
    if (stream.status === 'ended') throw new ChatRefusal('stream_ended', 'This stream has ended');
    if (tipMicro) {
      if (stream.creator_id === sender.id)
        throw new ChatRefusal('cannot_tip_own_stream', 'You cannot tip your own stream');
      try {
        await transfer(
          {
            from: userAccountId(sender.id),
            to: userAccountId(stream.creator_id),
            amount: tipMicro,
            kind: StreamEarningKinds.tip,
            ref: streamId,
            idempotencyKey: `chat_tip:${id}`,
          },
          trx,
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient_funds')
          throw new ChatRefusal('insufficient_funds', 'Insufficient tokens for tip');
        throw err;
      }
    }
    await insertChatMessage(trx, {
      id,
      stream_id: streamId,
      user_id: sender.id,
      message,
      tip_amount: tipMicro,
      created_at: at,
    });
    // viewer earnings: taking part in a live chat (and tipping) is engagement, under its daily limits
    await recordEngagement(ctx, { userId: sender.id, kind: 'chat', ref: id }, trx);
    if (!tipMicro) return undefined;
    await recordEngagement(ctx, { userId: sender.id, kind: 'tip', ref: `chat:${id}` }, trx);
    return notifyWithin(ctx, trx, stream.creator_id, {
      kind: 'tip',
      payload: { actor: sender.username, amount: tipMicro, stream_id: streamId },
    });
  });
  pushCommitted(ctx, notice);
  return {
    id,
    username: sender.username,
    user_wallet: sender.wallet_address,
    message,
    tip_amount: tipMicro === null ? null : microToTokens(tipMicro),
    timestamp: at,
  };
}
