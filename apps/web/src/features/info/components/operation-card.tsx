import { useTranslation } from 'react-i18next';
import type { OperationReference } from '../lib/openapi-reference.ts';
import { FieldTable } from './field-table.tsx';

export function OperationCard({ op }: { op: OperationReference }) {
  const { t } = useTranslation();
  return (
    <article className="card api-op" id={op.id} aria-labelledby={`${op.id}-title`} data-testid="api-operation">
      <h4 id={`${op.id}-title`} className="api-op-title">
        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code className="api-path">{op.path}</code>
      </h4>
      {op.summary && <p>{op.summary}</p>}
      {op.description && <p className="muted">{op.description}</p>}
      <p className="api-badges">
        <span className={`status access-${op.access}`}>{t(`apiRef.access.${op.access}`)}</span>
        {op.deprecated && <span className="status status-closed">{t('apiRef.deprecated')}</span>}
      </p>
      {op.parameters.length > 0 && <FieldTable caption={t('apiRef.parameters')} fields={op.parameters} />}
      {op.body &&
        (op.body.fields.length > 0 ? (
          <FieldTable caption={t('apiRef.body', { type: op.body.contentType })} fields={op.body.fields} />
        ) : (
          <p className="muted">{t('apiRef.bodyWithoutFields', { type: op.body.contentType })}</p>
        ))}
      {op.responses.map((r) => (
        <details key={r.status} className="api-response">
          <summary>{t('apiRef.response', { status: r.status })}</summary>
          {r.fields.length > 0 ? (
            <FieldTable caption={t('apiRef.responseFields', { status: r.status })} fields={r.fields} />
          ) : (
            <p className="muted">{t('apiRef.noFields')}</p>
          )}
        </details>
      ))}
    </article>
  );
}
