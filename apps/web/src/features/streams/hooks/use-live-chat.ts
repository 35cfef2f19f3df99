import { StreamLimits, type ChatMessage, type ChatSend, type ChatServerFrame } from '@app/shared';
import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getToken } from '../../../lib/api.ts';
import { notify } from '../../../lib/notifications.ts';
import { refreshUser, session } from '../../../lib/session/session-store.ts';
import { isRestartClose, reconnectDelay } from '../../../lib/reconnect.ts';
import { wsUrl } from '../../../lib/ws-url.ts';
import { translateError } from '../../../lib/error-text.ts';
import { isolate } from '../../../lib/i18n/isolate.ts';

export type ChatConnection = 'connecting' | 'connected' | 'reconnecting' | 'failed';

/** A line in the chat: a message, or a notice from the room (a tip, the end of the stream). */
export type ChatEntry =
  ({ kind: 'message' } & ChatMessage) | { kind: 'notice'; id: string; text: string; tip: boolean };

export interface LiveChat {
  entries: ChatEntry[];
  connection: ChatConnection;
  /** the inline status line under the panel title (translated texts), null when all is well */
  problem: string | null;
  viewers: number | null;
  /** one inline notice (translated) while messages are sent faster than the room allows, else null */
  notice: string | null;
  /** the last message the room refused for pace, to put back in the box (a new object each time) */
  refused: { message: string } | null;
  /** whether the server knows who is talking (anonymous viewers read, they do not send) */
  authenticated: boolean;
  send(message: string, tipAmount: number | null): boolean;
}

/** Lines kept in memory; the room sends the last 50 on every join. */
const KEEP = 300;
const myName = () => session.get().user?.username ?? null;
/** The server's chat limit (StreamLimits.chatRate*): the client keeps under it rather than be refused. */
const { chatRateCount, chatRateWindowMs } = StreamLimits;

/**
 * The live chat socket of one stream: history on join, messages, tips, viewer
 * counts. A dropped socket is reopened up to 5 times, 2 s × the attempt number apart; an open
 * resets the count; after the last attempt the panel says the chat is lost.
 */
export function useLiveChat(
  streamId: string,
  events: { onStarted?(): void; onEnded?(duration: number): void; onTip?(): void } = {},
): LiveChat {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [problem, setProblem] = useState<string | null>(null);
  const [viewers, setViewers] = useState<number | null>(null);
  const [authenticated, setAuthenticated] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ message: string } | null>(null);
  const socket = useRef<WebSocket | null>(null);
  /** when this client sent its recent messages, and the texts the room has not echoed or refused yet */
  const sentAt = useRef<number[]>([]);
  const unanswered = useRef<string[]>([]);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const handlers = useRef(events);
  useEffect(() => {
    handlers.current = events;
  });
  const wallet = session.use((s) => s.user?.wallet_address ?? null);
  const userId = session.use((s) => s.user?.id ?? null); // signing in or out reopens the socket with the new identity

  /** Shows the pace notice until the oldest recent message leaves the window (at least a second). */
  const tooFast = useCallback(() => {
    const now = Date.now();
    const recent = sentAt.current.filter((at) => now - at < chatRateWindowMs);
    const wait = recent.length > 0 ? recent[0]! + chatRateWindowMs - now : chatRateWindowMs;
    setNotice(i18next.t('live.chat.tooFast'));
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), Math.max(1000, wait));
  }, []);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  useEffect(() => {
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    const add = (entry: ChatEntry) => setEntries((list) => [...list, entry].slice(-KEEP));

    const onFrame = (frame: ChatServerFrame) => {
      switch (frame.type) {
        case 'welcome':
          setEntries(frame.history.map((m) => ({ kind: 'message', ...m })));
          setViewers(frame.viewers_count);
          setAuthenticated(frame.authenticated);
          break;
        case 'chat_message': {
          const { type: _type, ...message } = frame;
          add({ kind: 'message', ...message });
          if (message.username === myName()) {
            const at = unanswered.current.indexOf(message.message);
            if (at >= 0) unanswered.current.splice(at, 1);
          }
          if (message.tip_amount && message.username === myName()) void refreshUser(); // my tip left my balance
          break;
        }
        case 'tip_notification':
          handlers.current.onTip?.();
          add({
            kind: 'notice',
            id: crypto.randomUUID(),
            tip: true,
            text: i18next.t('live.chat.tipNotice', { tipper: isolate(frame.tipper), amount: frame.amount }),
          });
          break;
        case 'viewer_count_update':
          setViewers(frame.viewers_count);
          break;
        case 'stream_started':
          handlers.current.onStarted?.();
          break;
        case 'stream_ended':
          add({ kind: 'notice', id: crypto.randomUUID(), tip: false, text: i18next.t('live.chat.endedNotice') });
          handlers.current.onEnded?.(frame.duration);
          break;
        case 'error': {
          // the room answers each refused message with one error, in the order they were sent
          const message = unanswered.current.shift();
          if (frame.code === 'chat_too_fast') {
            if (message !== undefined) setRefused({ message });
            tooFast();
            break;
          }
          notify(
            'error',
            frame.code === 'insufficient_funds'
              ? i18next.t('live.chat.insufficient')
              : translateError({ ...frame, detail: frame.message }),
          );
          if (frame.code === 'insufficient_funds') void refreshUser();
          break;
        }
      }
    };

    const open = () => {
      setConnection(attempts === 0 ? 'connecting' : 'reconnecting');
      let ws: WebSocket;
      try {
        ws = new WebSocket(
          wsUrl(`/ws/stream/${encodeURIComponent(streamId)}`, {
            user_wallet: wallet ?? 'anonymous',
            token: getToken(),
          }),
        );
      } catch {
        setConnection('failed');
        setProblem(i18next.t('live.chat.connectFailed'));
        notify('error', i18next.t('live.chat.connectFailed'));
        return;
      }
      socket.current = ws;
      ws.onopen = () => {
        attempts = 0;
        unanswered.current = []; // a new socket answers only what is sent on it
        setConnection('connected');
        setProblem(null);
      };
      ws.onmessage = (e) => {
        try {
          onFrame(JSON.parse(String(e.data)) as ChatServerFrame);
        } catch {
          // a frame this client does not understand is skipped
        }
      };
      ws.onerror = () => setProblem(i18next.t('live.chat.connectionError'));
      ws.onclose = (e) => {
        if (disposed) return;
        socket.current = null;
        const delay = reconnectDelay(attempts + 1, e.code);
        if (delay !== null) {
          if (!isRestartClose(e.code)) attempts += 1;
          setConnection('reconnecting');
          retry = setTimeout(open, delay);
          return;
        }
        setConnection('failed');
        setProblem(i18next.t('live.chat.lost'));
        notify('error', i18next.t('live.chat.lost'));
      };
    };
    open();
    return () => {
      disposed = true;
      clearTimeout(retry);
      socket.current?.close(1000);
      socket.current = null;
    };
  }, [streamId, wallet, userId, tooFast]);

  /** Sends unless the room's pace limit is reached (then the caller keeps the text and the notice shows). */
  const send = useCallback(
    (message: string, tipAmount: number | null): boolean => {
      const ws = socket.current;
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        notify('error', i18next.t('live.chat.sendFailed'));
        return false;
      }
      const now = Date.now();
      sentAt.current = sentAt.current.filter((at) => now - at < chatRateWindowMs);
      if (sentAt.current.length >= chatRateCount) {
        tooFast();
        return false;
      }
      const frame: ChatSend = {
        type: 'chat',
        message: message.trim(),
        username: myName() ?? undefined,
        tip_amount: tipAmount,
      };
      try {
        ws.send(JSON.stringify(frame));
      } catch {
        notify('error', i18next.t('live.chat.sendFailed'));
        return false;
      }
      sentAt.current.push(now);
      unanswered.current = [...unanswered.current, frame.message].slice(-2 * chatRateCount);
      setNotice(null);
      return true;
    },
    [tooFast],
  );

  return { entries, connection, problem, viewers, notice, refused, authenticated, send };
}
