import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { session } from '../../lib/session/session-store.ts';
import { ActivityBar } from './activity-bar.tsx';
import { AvatarMenu } from './avatar-menu.tsx';

export function Header({ onToggleMenu, menuOpen }: { onToggleMenu(): void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const user = session.use((s) => s.user);
  // while a stored sign-in is checked (or kept through a failed check), neither Sign In nor the menu shows
  const checkingSession = session.use((s) => s.loading || s.restoring);
  const [query, setQuery] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const navigate = useNavigate();

  return (
    <header className="header">
      <div className="header-start">
        <button
          type="button"
          className="icon-button"
          aria-label={t('header.menu')}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={onToggleMenu}
          data-testid="menu-toggle"
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        <Link to="/" className="logo" aria-label={t('header.home')}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t('app.name')}</span>
        </Link>
      </div>
      <form
        className={`search${searchOpen ? ' search-open' : ''}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (!query.trim()) return;
          setSearchOpen(false);
          void navigate(`/search?q=${encodeURIComponent(query.trim())}`);
        }}
      >
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.search')}
        />
        <button type="submit" className="search-button" aria-label={t('header.search')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15 15l5.5 5.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <div className="header-end">
        <button
          type="button"
          className="icon-button search-toggle"
          aria-label={t('header.search')}
          aria-expanded={searchOpen}
          onClick={() => setSearchOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15 15l5.5 5.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <LanguagePicker />
        {checkingSession ? null : user ? (
          <>
            <Link
              to="/upload"
              className="button button-secondary create-button"
              // on a phone only the + shows: the link still says what it does
              aria-label={t('header.create')}
              data-testid="create-button"
            >
              <span aria-hidden="true">+</span> <span className="create-label">{t('header.create')}</span>
            </Link>
            <NotificationBell />
            <AvatarMenu user={user} />
          </>
        ) : (
          <Link to="/login" className="button button-outline" data-testid="header-sign-in">
            {t('common.signIn')}
          </Link>
        )}
      </div>
      <ActivityBar />
    </header>
  );
}
