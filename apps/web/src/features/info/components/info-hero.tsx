import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichText } from './rich-text.tsx';

export interface InfoAction {
  to: string;
  /** translation key of the label */
  label: string;
  primary?: boolean;
}

export function ActionRow({ actions }: { actions: InfoAction[] }) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      {actions.map((a) => (
        <Link key={a.to} to={a.to} className={a.primary ? 'button' : 'button button-secondary'}>
          {t(a.label)}
        </Link>
      ))}
    </div>
  );
}

export function InfoHero({
  title,
  lead,
  values,
  actions,
}: {
  title: string;
  lead: string;
  values?: Record<string, unknown>;
  actions?: InfoAction[];
}) {
  const { t } = useTranslation();
  return (
    <header className="info-hero">
      <h1>{t(title)}</h1>
      <p className="info-lead">
        <RichText k={lead} values={values} />
      </p>
      {actions && <ActionRow actions={actions} />}
    </header>
  );
}
