import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isServerPath } from '../lib/info-links.ts';
import { RichText } from './rich-text.tsx';

export interface InfoCard {
  id: string;
  to?: string;
  icon?: string;
}

/** Cards whose title and body come from `<base>.<id>.title|body`; a card with `to` is a link. */
export function CardGrid({
  base,
  cards,
  values,
}: {
  base: string;
  cards: InfoCard[];
  values?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <ul className={cards.length === 3 ? 'info-cards info-cards-3' : 'info-cards'}>
      {cards.map((c) => {
        const title = t(`${base}.${c.id}.title`, values);
        return (
          <li key={c.id} className="card info-card">
            {c.icon && (
              <span className="info-card-icon" aria-hidden="true">
                {c.icon}
              </span>
            )}
            <h3>{!c.to ? title : isServerPath(c.to) ? <a href={c.to}>{title}</a> : <Link to={c.to}>{title}</Link>}</h3>
            <p>
              <RichText k={`${base}.${c.id}.body`} values={values} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
