import { isStaff } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useFormats } from '../../lib/i18n/formatting.ts';
import { session } from '../../lib/session/session-store.ts';

/** Below this width the sidebar is an overlay that starts closed (layout.css uses the same width). */
export const OVERLAY_QUERY = '(max-width: 1023px)';
const isOverlay = () => window.matchMedia(OVERLAY_QUERY).matches;

interface Item {
  to: string;
  label: string;
  icon: string;
}

const item = (to: string, label: string, icon: string): Item => ({ to, label, icon });

const CATEGORIES = ['music', 'gaming', 'news', 'education', 'technology'];

function Section({ title, items, onNavigate }: { title?: string; items: Item[]; onNavigate(): void }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Category links differ only by their query, which NavLink ignores: compare it here.
  const isCurrent = (to: string) => to === location.pathname + location.search;
  return (
    <div className="sidebar-section">
      {title && <h2 className="sidebar-heading">{t(title)}</h2>}
      <ul>
        {items.map((i) => (
          <li key={i.to}>
            <NavLink
              to={i.to}
              end
              className={() => `sidebar-link${isCurrent(i.to) ? ' active' : ''}`}
              aria-current={isCurrent(i.to) ? 'page' : undefined}
              onClick={onNavigate}
            >
              <span className="sidebar-icon" aria-hidden="true">
                {i.icon}
              </span>
              {t(i.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every section of the sidebar; CREATE and Advertise for the signed-in, Admin Tickets for staff. */
export function Sidebar({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  // As an overlay it closes when a link is followed, and on Escape.
  const onNavigate = () => isOverlay() && onClose();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open || !isOverlay()) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open && <div className="sidebar-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav
        id="sidebar"
        className={`sidebar${open ? ' open' : ''}`}
        aria-label={t('sidebar.label')}
        data-testid="sidebar"
      >
        <button
          type="button"
          ref={closeButton}
          className="icon-button sidebar-close"
          aria-label={t('sidebar.close')}
          onClick={onClose}
        >
          ×
        </button>
        <Section
          onNavigate={onNavigate}
          items={[
            item('/', 'sidebar.home', '⌂'),
            item('/trending', 'sidebar.trending', '▲'),
            item('/subscriptions', 'sidebar.subscriptions', '▤'),
            item('/live', 'sidebar.live', '●'),
            item('/clips', 'sidebar.clips', '✂'),
          ]}
        />
        {user && (
          <Section
            title="sidebar.create"
            onNavigate={onNavigate}
            items={[
              item('/creator-dashboard', 'sidebar.creatorDashboard', '▦'),
              item('/upload', 'sidebar.upload', '⇪'),
              item('/go-live', 'sidebar.goLive', '◉'),
              item('/clip-creator', 'sidebar.clipCreator', '✂'),
            ]}
          />
        )}
        <Section
          onNavigate={onNavigate}
          items={[
            item('/viewer-earnings', 'sidebar.earnings', '₹'),
            item('/library', 'sidebar.library', '▣'),
            item('/history', 'sidebar.history', '↺'),
          ]}
        />
        <Section
          title="sidebar.explore"
          onNavigate={onNavigate}
          items={CATEGORIES.map((c) => item(`/?category=${c}`, `sidebar.${c}`, '#'))}
        />
        <Section
          onNavigate={onNavigate}
          items={[
            item('/help', 'sidebar.helpCenter', '?'),
            ...(user ? [item('/advertiser', 'sidebar.advertise', '◎')] : []),
            // The role comes from the server, which checks it again on every admin call.
            ...(isStaff(user?.role) ? [item('/admin/tickets', 'sidebar.adminTickets', '⚑')] : []),
            item('/settings', 'sidebar.settings', '⚙'),
          ]}
        />
        <p className="sidebar-note">{t('footer.rights', { year: format.year(new Date()) })}</p>
      </nav>
    </>
  );
}
