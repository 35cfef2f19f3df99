import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiReference } from '../api/get-openapi.ts';
import { filterReference } from '../lib/openapi-reference.ts';
import { OperationCard } from './operation-card.tsx';

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The live API reference: every operation the server documents, grouped by tag, with a filter. */
export function ApiReference() {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useApiReference();
  const [query, setQuery] = useState('');

  if (isLoading) {
    return (
      <div className="panel" role="status" data-testid="api-loading">
        <div className="spinner api-spinner" aria-hidden="true" />
        {t('apiRef.loading')}
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="panel panel-error" role="alert" data-testid="api-error">
        <p>{t('apiRef.failed')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  }

  const groups = filterReference(data.groups, query);
  const shown = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <div className="api-reference" data-testid="api-reference">
      <p className="muted">
        {t('apiRef.document', { title: data.title, version: data.version })} ·{' '}
        {t('apiRef.count', { count: data.operationCount })}
      </p>
      <div className="api-filter">
        <label htmlFor="api-filter">{t('apiRef.filter')}</label>
        <input
          id="api-filter"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('apiRef.filterHint')}
          data-testid="api-filter"
        />
        <span className="muted" role="status">
          {query ? t('apiRef.shown', { count: shown }) : ''}
        </span>
      </div>
      {groups.length === 0 ? (
        <p className="panel">{t('apiRef.noMatch')}</p>
      ) : (
        <>
          <nav className="api-tags" aria-label={t('apiRef.groups')}>
            {groups.map((g) => (
              <a key={g.tag} className="chip-button" href={`#${tagAnchor(g.tag)}`}>
                {g.tag} <span className="muted">{g.operations.length}</span>
              </a>
            ))}
          </nav>
          {groups.map((g) => (
            <section
              key={g.tag}
              id={tagAnchor(g.tag)}
              className="api-group"
              aria-labelledby={`${tagAnchor(g.tag)}-title`}
            >
              <h3 id={`${tagAnchor(g.tag)}-title`} className="api-tag">
                {g.tag}
              </h3>
              {g.description && <p className="muted">{g.description}</p>}
              {g.operations.map((op) => (
                <OperationCard key={op.id} op={op} />
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
