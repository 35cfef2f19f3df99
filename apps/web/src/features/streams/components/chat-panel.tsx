import { StreamLimits, TipAmountSchema } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import type { ChatEntry, LiveChat } from '../hooks/use-live-chat.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

function ChatLine({ entry, creatorWallet }: { entry: ChatEntry; creatorWallet: string | null }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (entry.kind === 'notice') {
    return <li className={`chat-notice${entry.tip ? ' chat-notice-tip' : ''}`}>{entry.text}</li>;
  }
  const fromCreator = !!creatorWallet && entry.user_wallet?.toLowerCase() === creatorWallet.toLowerCase();
  return (
    <li className={`chat-line${entry.tip_amount ? ' chat-line-tip' : ''}`} data-testid="chat-message">
      <time className="chat-time" dateTime={entry.timestamp}>
        {format.time(entry.timestamp)}
      </time>{' '}
      <strong className="chat-user">
        <bdi>{entry.username}</bdi>
        {fromCreator && <span className="chat-badge">{t('live.chat.creatorBadge')}</span>}
      </strong>{' '}
      {entry.tip_amount ? (
        <span className="chat-tip" data-testid="chat-tip">
          {t('live.chat.tipped', { amount: format.tokens(entry.tip_amount) })}
        </span>
      ) : null}{' '}
      <bdi className="chat-text" data-testid="chat-text">
        {entry.message}
      </bdi>
    </li>
  );
}

/**
 * The live chat panel: messages, an input that sends on Enter (200 characters),
 * an optional tip, and the connection state. In creator mode (the stream's creator_wallet is the
 * user's wallet) there is no tip field and the panel says so; tips arrive highlighted.
 */
export function ChatPanel({
  chat,
  creatorWallet,
  creatorMode,
  live = true,
  ended = false,
}: {
  chat: LiveChat;
  creatorWallet: string | null;
  creatorMode: boolean;
  live?: boolean;
  /** the stream is over: the history stays readable, and nothing more can be said (the server refuses it) */
  ended?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const [text, setText] = useState('');
  const [tip, setTip] = useState('');
  const [tipOpen, setTipOpen] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const el = list.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [chat.entries]);

  // a message the room refused for pace goes back in the box, unless something new is being typed
  const [seenRefusal, setSeenRefusal] = useState(chat.refused);
  if (chat.refused !== seenRefusal) {
    setSeenRefusal(chat.refused);
    if (chat.refused && !text.trim()) setText(chat.refused.message);
  }

  const connected = chat.connection === 'connected';
  const canSend = !!user && connected;

  const submit = () => {
    const message = text.trim();
    if (!message || !user) return;
    let tipAmount: number | null = null;
    if (tipOpen && tip.trim() !== '') {
      const value = Number(tip);
      if (!TipAmountSchema.safeParse(value).success) return notify('error', t('live.chat.tipInvalid'));
      if (value > user.total_tokens) return notify('error', t('live.chat.insufficient'));
      tipAmount = value;
    }
    if (chat.send(message, tipAmount)) {
      setText('');
      setTip('');
      setTipOpen(false);
      pinned.current = true;
    }
  };

  // an ended stream's chat is closed, whatever its socket is doing
  const state = ended ? 'closed' : chat.problem ? 'failed' : chat.connection;
  const status = ended ? t('live.chat.state.closed') : (chat.problem ?? t(`live.chat.state.${chat.connection}`));
  return (
    <section
      className={`chat-panel card${ended && chat.entries.length === 0 ? ' chat-panel-quiet' : ''}`}
      aria-labelledby="chat-title"
      data-testid="chat-panel"
    >
      <header className="chat-head">
        <h2 id="chat-title">{t('live.chat.title')}</h2>
        {live && chat.viewers !== null && (
          <span className="muted" data-testid="chat-viewers">
            {t('live.viewers', { count: chat.viewers, formatted: format.count(chat.viewers) })}
          </span>
        )}
        <span className={`chat-state chat-state-${state}`} role="status" data-testid="chat-state">
          <span className="dot" aria-hidden="true" /> {status}
        </span>
      </header>
      {creatorMode && (
        <p className="notice notice-inline chat-creator-note" data-testid="creator-mode">
          {t('live.chat.creatorMode')}
        </p>
      )}
      <ol
        className="chat-list"
        ref={list}
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {chat.entries.length === 0 && <li className="chat-empty muted">{t('live.chat.empty')}</li>}
        {chat.entries.map((entry) => (
          <ChatLine key={entry.id} entry={entry} creatorWallet={creatorWallet} />
        ))}
      </ol>
      {ended ? (
        <p className="chat-closed muted" data-testid="chat-closed">
          {t('live.chat.closed')}
        </p>
      ) : user ? (
        <form
          className="chat-form"
          noValidate // the tip's own messages, not the browser's
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {tipOpen && !creatorMode && (
            <label className="chat-tip-field">
              <span>{t('live.chat.tipAmount', { balance: format.tokens(user.total_tokens) })}</span>
              <input
                type="number"
                min="0.1"
                step="0.1"
                value={tip}
                onChange={(e) => setTip(e.target.value)}
                placeholder="1"
                data-testid="chat-tip-amount"
              />
            </label>
          )}
          {chat.notice && (
            <p className="notice notice-inline chat-pace" role="status" data-testid="chat-notice">
              {chat.notice}
            </p>
          )}
          <div className="chat-input-row">
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={StreamLimits.chatMessageMax}
              placeholder={t(connected ? 'live.chat.placeholder' : 'live.chat.waiting')}
              aria-label={t('live.chat.placeholder')}
              disabled={!canSend}
              data-testid="chat-input"
            />
            {!creatorMode && (
              <button
                type="button"
                className={`icon-button chat-tip-toggle${tipOpen ? ' active' : ''}`}
                onClick={() => setTipOpen((o) => !o)}
                aria-pressed={tipOpen}
                aria-label={t('live.chat.addTip')}
                title={t('live.chat.addTip')}
                disabled={!canSend}
                data-testid="chat-tip-toggle"
              >
                ♥
              </button>
            )}
            <button
              type="submit"
              className="button button-small"
              disabled={!canSend || !text.trim()}
              data-testid="chat-send"
            >
              {t('live.chat.send')}
            </button>
          </div>
          <span className="chat-count muted">
            {t('live.chat.count', { used: text.length, max: StreamLimits.chatMessageMax })}
          </span>
        </form>
      ) : (
        <p className="chat-signin">
          <Link to="/login">{t('live.chat.signIn')}</Link>
        </p>
      )}
    </section>
  );
}
