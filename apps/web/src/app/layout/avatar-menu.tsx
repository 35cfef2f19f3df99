import { type User } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../lib/notifications.ts';
import { refreshUser, signOut } from '../../lib/session/session-store.ts';
import { useMenu } from '../../hooks/use-menu.ts';
import { useFormats } from '../../lib/i18n/formatting.ts';

export function AvatarMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormats();
  const navigate = useNavigate();
  const { open, close, root, buttonProps, menuProps } = useMenu();
  const initial = user.username.charAt(0).toUpperCase();

  return (
    <div className="dropdown" ref={root}>
      <button
        type="button"
        className="avatar"
        aria-label={t('header.account')}
        data-testid="avatar-button"
        {...buttonProps}
        onClick={() => {
          // Tips and rewards arrive while the page is open: show the balance as it is now.
          if (!open) void refreshUser();
          buttonProps.onClick();
        }}
      >
        {initial}
      </button>
      {open && (
        <div
          className="dropdown-panel account-panel"
          aria-label={t('header.account')}
          data-testid="avatar-menu"
          {...menuProps}
        >
          <div className="account-summary">
            <div className="avatar avatar-large" aria-hidden="true">
              {initial}
            </div>
            <div>
              <div className="account-name" data-testid="menu-username">
                <bdi>{user.username}</bdi>
              </div>
              <div className="account-balance" title={t('header.balance')} data-testid="menu-balance">
                {t('common.tokens', { amount: format.tokens(user.total_tokens) })}
              </div>
            </div>
          </div>
          <Link role="menuitem" className="menu-item" to="/profile" onClick={close}>
            {t('header.yourChannel')}
          </Link>
          <Link role="menuitem" className="menu-item" to="/library" onClick={close}>
            {t('header.yourVideos')}
          </Link>
          <Link role="menuitem" className="menu-item" to="/settings" onClick={close}>
            {t('sidebar.settings')}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            data-testid="sign-out"
            onClick={async () => {
              close();
              await signOut();
              notify('info', t('auth.signedOut'));
              void navigate('/');
            }}
          >
            {t('common.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
