import type { User } from '@app/shared';
import { formatTokens } from '@app/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../features/notifications/notifications.ts';
import { refreshUser, signOut } from '../../features/session/session-store.ts';
import { useDismiss } from './use-dismiss.ts';

export function AvatarMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="avatar" aria-haspopup="menu" aria-expanded={open} aria-label={t('header.account')}
        data-testid="avatar-button"
        onClick={() => {
          // Tips and rewards arrive while the page is open: show the balance as it is now.
          if (!open) void refreshUser();
          setOpen((o) => !o);
        }}
      >
        {user.username.charAt(0).toUpperCase()}
      </button>
      {open && (
        <div className="dropdown-panel account-panel" role="menu" data-testid="avatar-menu">
          <div className="account-summary">
            <div className="avatar avatar-large" aria-hidden="true">{user.username.charAt(0).toUpperCase()}</div>
            <div>
              <div className="account-name" data-testid="menu-username">{user.username}</div>
              <div className="account-balance" title={t('header.balance')} data-testid="menu-balance">
                {t('common.tokens', { amount: formatTokens(user.total_tokens) })}
              </div>
            </div>
          </div>
          <Link role="menuitem" className="menu-item" to="/profile" onClick={close}>{t('header.yourChannel')}</Link>
          <Link role="menuitem" className="menu-item" to="/library" onClick={close}>{t('header.yourVideos')}</Link>
          <Link role="menuitem" className="menu-item" to="/settings" onClick={close}>{t('sidebar.settings')}</Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            data-testid="sign-out"
            onClick={async () => {
              close();
              await signOut();
              notify('info', t('auth.signedOut'));
              navigate('/');
            }}
          >
            {t('common.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
