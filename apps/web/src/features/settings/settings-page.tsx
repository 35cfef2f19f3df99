import { UsernameSchema, shortWallet, type User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, ApiError } from '../../lib/api.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { LANGUAGES, findLanguage } from '../i18n/languages.ts';
import { notify } from '../notifications/notifications.ts';
import { session, sessionActions, signOut } from '../session/session-store.ts';

function UsernameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = name.trim() !== user.username;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = UsernameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('settings.updateFailed'));
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('username', parsed.data); // sent only when it changed (spec core §5)
      sessionActions.setUser(await api<User>('/api/user/profile', { method: 'PUT', body: form }));
      notify('success', t('settings.usernameSaved'));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('settings.updateFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form inline-form" onSubmit={save}>
      <label>
        {t('settings.username')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={30} data-testid="settings-username" />
      </label>
      <button type="submit" className="button" disabled={!changed || busy}>{t('settings.saveUsername')}</button>
      {error && <p className="form-error" role="alert">{error}</p>}
    </form>
  );
}

export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = session.use((s) => s.user);
  const current = findLanguage(i18n.language);

  return (
    <section className="page settings-page">
      <h1>{t('settings.title')}</h1>
      <div className="card">
        <h2>{t('settings.language')}</h2>
        <select value={current?.code} onChange={(e) => void changeLanguage(e.target.value)} aria-label={t('settings.language')} data-testid="settings-language">
          {(['indian', 'international'] as const).map((group) => (
            <optgroup key={group} label={t(`language.${group}`)}>
              {LANGUAGES.filter((l) => l.category === group).map((l) => (
                <option key={l.code} value={l.code}>{`${l.flag} ${l.name} (${l.english})`}</option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {user ? (
        <>
          <div className="card">
            <h2>{t('settings.account')}</h2>
            <UsernameForm key={user.username} user={user} />
            <dl className="facts">
              {user.email && (
                <>
                  <dt>{t('settings.email')}</dt>
                  <dd>{user.email}</dd>
                </>
              )}
              <dt>{t('settings.wallet')}</dt>
              <dd>{user.wallet_address ? <code title={user.wallet_address}>{shortWallet(user.wallet_address)}</code> : <Link to="/connect">{t('settings.connectWallet')}</Link>}</dd>
              <dt>{t('settings.role')}</dt>
              <dd>{user.role}</dd>
            </dl>
          </div>
          <div className="card">
            <h2>{t('settings.sessions')}</h2>
            <div className="button-row">
              <button type="button" className="button button-outline" onClick={async () => { await signOut(); navigate('/'); }}>{t('settings.signOutDevice')}</button>
              <button
                type="button"
                className="button button-danger"
                onClick={async () => {
                  await signOut(true);
                  notify('info', t('settings.signedOutAll'));
                  navigate('/');
                }}
              >
                {t('settings.signOutAll')}
              </button>
            </div>
          </div>
        </>
      ) : (
        <div className="card">
          <Link className="button" to="/login">{t('common.signIn')}</Link>
        </div>
      )}
    </section>
  );
}
