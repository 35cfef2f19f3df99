import { useTranslation } from 'react-i18next';
import type { Constraint, Field, Parameter } from '../lib/openapi-reference.ts';

function useConstraintText() {
  const { t } = useTranslation();
  return (c: Constraint): string => {
    switch (c.kind) {
      case 'oneOf':
        return t('apiRef.rules.oneOf', { values: c.values.join(', ') });
      case 'minLength':
        return c.value === 1 ? t('apiRef.rules.notEmpty') : t('apiRef.rules.minLength', { value: c.value });
      case 'min':
      case 'max':
        return t(`apiRef.rules.${c.kind}${c.exclusive ? 'Exclusive' : ''}`, { value: c.value });
      default:
        return t(`apiRef.rules.${c.kind}`, { value: c.value });
    }
  };
}

/** Parameters or body fields: name, where it goes (parameters only), type, whether required, rules. */
export function FieldTable({ caption, fields }: { caption: string; fields: Array<Field | Parameter> }) {
  const { t } = useTranslation();
  const rule = useConstraintText();
  const withPlace = fields.some((f) => 'in' in f);
  const label = {
    name: t('apiRef.columns.name'),
    in: t('apiRef.columns.in'),
    type: t('apiRef.columns.type'),
    required: t('apiRef.columns.required'),
    rules: t('apiRef.columns.rules'),
  };
  return (
    <div className="info-table-wrap">
      <table className="info-table api-fields">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label.name}</th>
            {withPlace && <th scope="col">{label.in}</th>}
            <th scope="col">{label.type}</th>
            <th scope="col">{label.required}</th>
            <th scope="col">{label.rules}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={`${'in' in f ? f.in : ''}:${f.name}`}>
              <th scope="row" data-label={label.name}>
                <code>{f.name}</code>
              </th>
              {withPlace && <td data-label={label.in}>{'in' in f ? t(`apiRef.in.${f.in}`) : ''}</td>}
              <td data-label={label.type}>
                <code>{f.type}</code>
              </td>
              <td data-label={label.required}>{f.required ? t('apiRef.yes') : t('apiRef.no')}</td>
              <td data-label={label.rules}>
                {[f.description, ...f.constraints.map(rule)].filter(Boolean).join('; ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
